"""The Ask screen: a guided ruling."""
