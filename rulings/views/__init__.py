"""Rules library views: public, read-only (anonymous umpires can read and search)."""
