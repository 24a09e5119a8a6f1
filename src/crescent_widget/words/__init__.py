"""Every text the game shows, in Polish and English: the catalogue (:mod:`.i18n`), narration,
lessons, and the announcements a table makes."""
