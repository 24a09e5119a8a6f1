"""Every text the game shows, in Polish and English: the catalogue (:mod:`.i18n`), narration
and the announcements a table makes (the lessons are :mod:`crescent_widget.lessons`)."""
