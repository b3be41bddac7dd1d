"""Date and number formats where the site's differ from Django's for a language
(``FORMAT_MODULE_PATH``); every other setting is Django's own for the language."""
