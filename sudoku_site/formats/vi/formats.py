"""Vietnamese: a date is "26 tháng 11 năm 2026", so that a sentence can say
"ngày 26 tháng 11 năm 2026" (Django's own format begins with "Ngày", which a
sentence would double)."""

DATE_FORMAT = r"j \t\h\á\n\g n \n\ă\m Y"
