"""The glossary screen: terms of art, their French forms and the laws using them."""
