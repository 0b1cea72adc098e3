"""Italian writes month names in lower case ("20 dicembre 2026"); Django's "F" gives "Dicembre".

"E" is the month's alternative name (context "alt. month"), lower-cased in locale/core/it. Every other
format (short dates, input formats) is Django's own for Italian."""

DATE_FORMAT = "j E Y"  # 20 dicembre 2026
DATETIME_FORMAT = "l j E Y H:i"  # mercoledì 20 dicembre 2026 14:30 (Django's day names)
YEAR_MONTH_FORMAT = "E Y"  # dicembre 2026
MONTH_DAY_FORMAT = "j E"  # 20 dicembre
