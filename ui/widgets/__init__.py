"""Small widgets shared by several screens."""
