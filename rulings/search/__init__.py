"""Search of the rules library: reference jump, full-text search, "did you mean".

The package imports nothing itself, so that its pure module `text` loads without Django; the service is
`rulings.search.service`.
"""
