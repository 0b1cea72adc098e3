"""Security regression tests (issue 11): each test sends an attack as it was found, and checks it fails."""
