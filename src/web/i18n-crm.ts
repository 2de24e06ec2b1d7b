// Interface texts of the CRM pages' board, lists and header search (issue 22), in their own
// catalogue so other pages' texts merge apart from them. German is typed against English. The
// header search's label names no field of a form ("Contact", "Deal"), so a page's own labels stay unique.
export const CRM_EN = {
  'crm.board_hint': 'Drag a card to another stage, or focus a card and press → or ← to move it to the next or previous stage (↑ and ↓ go from card to card). Open a deal to choose any stage.',
  'crm.card_keys': '→ or ←: move to the next or previous stage. ↑ or ↓: the previous or next card of the stage.',
  'crm.days_in_stage': '{n} days in stage', 'crm.day_in_stage': '1 day in stage', 'crm.today_in_stage': 'in stage since today',
  'crm.no_contact': 'no contact',
  'crm.moved_to': '“{title}” moved to {stage}.', 'crm.not_moved': '“{title}” was not moved: {reason}',
  'crm.first_stage': '“{title}” is in the first stage already.', 'crm.last_stage': '“{title}” is in the last stage already.',
  'crm.moving': 'Moving “{title}” to {stage} …',
  'crm.last_activity': 'Last activity', 'crm.contacts_n': 'Contacts', 'crm.deals_n': 'Deals',
  'crm.sort_hint': 'Sort by a column by clicking its heading; click again to reverse.', 'crm.sort_newest': 'Newest first',
  'search.title': 'Search', 'search.label': 'Search the CRM', 'search.placeholder': 'Contacts, companies, deals …',
  'search.results_for': 'Results for “{q}”', 'search.none': 'Nothing found for “{q}”.', 'search.group_none': 'None.',
  'search.all_n': 'All {n} in the list', 'search.all_gte': 'All (more than {n}) in the list',
  'search.prompt': 'Type a name, an email address, a company or a deal title.', 'search.shortcut': 'Press / to search from any page.',
};

export const CRM_DE: Record<keyof typeof CRM_EN, string> = {
  'crm.board_hint': 'Ziehen Sie eine Karte in eine andere Phase, oder wählen Sie eine Karte aus und drücken Sie → oder ←, um sie in die nächste oder vorige Phase zu verschieben (↑ und ↓ gehen von Karte zu Karte). Jede Phase wählen Sie auf der Seite des Deals.',
  'crm.card_keys': '→ oder ←: in die nächste oder vorige Phase verschieben. ↑ oder ↓: die vorige oder nächste Karte der Phase.',
  'crm.days_in_stage': '{n} Tage in der Phase', 'crm.day_in_stage': '1 Tag in der Phase', 'crm.today_in_stage': 'seit heute in der Phase',
  'crm.no_contact': 'kein Kontakt',
  'crm.moved_to': '„{title}“ ist jetzt in {stage}.', 'crm.not_moved': '„{title}“ wurde nicht verschoben: {reason}',
  'crm.first_stage': '„{title}“ ist schon in der ersten Phase.', 'crm.last_stage': '„{title}“ ist schon in der letzten Phase.',
  'crm.moving': '„{title}“ wird nach {stage} verschoben …',
  'crm.last_activity': 'Letzte Aktivität', 'crm.contacts_n': 'Kontakte', 'crm.deals_n': 'Deals',
  'crm.sort_hint': 'Klicken Sie auf eine Spaltenüberschrift, um danach zu sortieren; ein zweiter Klick kehrt die Reihenfolge um.', 'crm.sort_newest': 'Neueste zuerst',
  'search.title': 'Suche', 'search.label': 'CRM durchsuchen', 'search.placeholder': 'Kontakte, Firmen, Deals …',
  'search.results_for': 'Ergebnisse für „{q}“', 'search.none': 'Nichts gefunden für „{q}“.', 'search.group_none': 'Keine.',
  'search.all_n': 'Alle {n} in der Liste', 'search.all_gte': 'Alle (mehr als {n}) in der Liste',
  'search.prompt': 'Geben Sie einen Namen, eine E-Mail-Adresse, eine Firma oder einen Deal-Titel ein.', 'search.shortcut': 'Mit / suchen Sie von jeder Seite aus.',
};
