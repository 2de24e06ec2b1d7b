// Interface texts in English and German. German is typed against English, so a missing
// translation is a type error, not a blank label.
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(v: unknown): v is Locale {
  return v === 'en' || v === 'de';
}

const en = {
  'nav.main': 'Main', 'nav.skip': 'Skip to content', 'nav.contacts': 'Contacts', 'nav.companies': 'Companies', 'nav.deals': 'Deals',
  'nav.pipeline': 'Pipeline', 'nav.tasks': 'Tasks', 'nav.calls': 'Calls', 'nav.coaching': 'Coaching', 'nav.team': 'Team',
  'nav.privacy': 'Privacy', 'nav.signout': 'Sign out',
  'footer.tagline': 'sales coaching and CRM', 'footer.api': 'API reference',
  'lang.switch': 'Switch language', 'lang.en': 'English', 'lang.de': 'Deutsch',
  'error.400': 'That request was not understood', 'error.401': 'Please sign in', 'error.402': 'Not available on this plan',
  'error.403': 'You do not have access to this', 'error.404': 'Page not found', 'error.422': 'Please check your input',
  'error.429': 'Too many attempts', 'error.500': 'Something went wrong on our side', 'error.home': 'Back to the start page',
  'action.save': 'Save', 'action.search': 'Search', 'action.copy': 'Copy', 'action.copied': 'Copied',
  'field.name': 'Name', 'field.your_name': 'Your name', 'field.email': 'Email', 'field.password': 'Password',
  'field.password_hint': 'At least 10 characters.', 'field.role': 'Role', 'field.language': 'Language', 'field.actions': 'Actions',
  'field.first_name': 'First name', 'field.last_name': 'Last name', 'field.phone': 'Phone', 'field.job_title': 'Job title',
  'field.company': 'Company', 'field.domain': 'Domain', 'field.owner': 'Owner', 'field.created': 'Created',
  'role.owner': 'Owner', 'role.manager': 'Manager', 'role.member': 'Member',
  'setup.title': 'Set up RZ', 'setup.intro': 'No team exists yet. Create your team and your own owner account; you can add colleagues afterwards.',
  'setup.team': 'Team name', 'setup.submit': 'Create team', 'setup.done': 'Your team is ready. Add your colleagues and create an API key.',
  'signin.title': 'Sign in', 'signin.submit': 'Sign in', 'signin.invalid': 'Email or password is wrong.',
  'signin.throttled': 'Too many failed attempts. Try again later (in about 15 minutes).',
  'privacy.title': 'Privacy notice', 'privacy.p1': 'RZ analyses the sales calls you push to it (transcripts) to give you coaching: scores, your strongest moment, your biggest miss and what to say instead.',
  'privacy.p2': 'What that means for you:',
  'privacy.li1': 'Transcripts of your calls are stored in your team\'s RZ database and analysed in the background.',
  'privacy.li2': 'The analysis is attached to the contact and deal timeline; owners and managers of your team can read it.',
  'privacy.li3': 'Members only see their own calls; nobody outside your team sees them.',
  'privacy.li4': 'You can withdraw your consent at any time on this page; new calls are then refused.',
  'privacy.p3': 'Until you accept, calls pushed with your API keys are refused (HTTP 428 consent_required).',
  'privacy.your_consent': 'Your consent', 'privacy.accept': 'I accept the privacy notice', 'privacy.accepted_at': 'You accepted on',
  'privacy.not_accepted': 'You have not accepted the privacy notice yet.', 'privacy.withdraw': 'Withdraw consent',
  'privacy.thanks': 'Thank you: your consent is recorded.', 'privacy.withdrawn': 'Your consent has been withdrawn.',
  'profile.title': 'Profile', 'profile.details': 'Your details', 'profile.password': 'Password', 'profile.current_password': 'Current password',
  'profile.new_password': 'New password', 'profile.confirm_password': 'Repeat the new password', 'profile.change_password': 'Change password',
  'profile.saved': 'Your profile is saved.', 'profile.name_required': 'Enter your name.', 'profile.wrong_password': 'The current password is wrong.',
  'profile.mismatch': 'The two new passwords differ.', 'profile.password_changed': 'Your password is changed; other sessions were signed out.',
  'team.members': 'Members', 'team.keys': 'API keys', 'team.webhooks': 'Webhooks', 'team.usage': 'Plan and usage',
  'members.add': 'Add a user', 'members.add_submit': 'Add user', 'members.initial_password': 'Initial password', 'members.status': 'Status',
  'members.consent': 'Privacy notice', 'members.consent_yes': 'Accepted', 'members.consent_no': 'Not yet', 'members.you': 'you',
  'members.change_role': 'Change', 'members.active': 'Active', 'members.deactivated': 'Deactivated', 'members.deactivate': 'Deactivate',
  'members.reactivate': 'Reactivate', 'members.confirm_deactivate': 'Deactivate {name}? Their API keys stop working at once.',
  'members.deactivate_hint': 'A deactivated user cannot sign in, and their API keys answer 401 at once.',
  'members.added': '{email} was added.', 'members.role_changed': 'The role of {name} is changed.',
  'members.deactivated_msg': '{name} is deactivated; their keys no longer work.', 'members.reactivated': '{name} is active again.',
  'keys.new': 'Create an API key', 'keys.acts_as_you': 'A key acts as you: with your role and visibility, and the rows it writes are yours.',
  'keys.name_placeholder': 'e.g. Dialer integration', 'keys.scopes': 'Scopes', 'keys.create': 'Create key',
  'keys.created': 'Key "{name}" created', 'keys.shown_once': 'Copy the key now: it is shown only once and cannot be displayed again.',
  'keys.try_it': 'Try it:', 'keys.none': 'No API keys yet.', 'keys.prefix': 'Prefix', 'keys.owner': 'Acts as',
  'keys.created_by': 'created by {name}', 'keys.created_at': 'Created', 'keys.last_used': 'Last used', 'keys.never': 'never',
  'keys.revoked': 'Revoked', 'keys.revoke': 'Revoke', 'keys.confirm_revoke': 'Revoke the key "{name}"? Requests with it will answer 401.',
  'keys.revoked_msg': 'The key is revoked.',
  'scope.read': 'read', 'scope.write': 'write',
  'list.total': '{n} in total', 'list.more': 'Next page', 'list.no_match': 'Nothing matches your search.',
  'contacts.search': 'Search name, email, phone', 'contacts.add': 'Add or update a contact', 'contacts.none': 'No contacts yet.',
  'contacts.saved': 'The contact is saved.', 'contacts.details': 'Details',
  'companies.search': 'Search name or domain', 'companies.add': 'Add a company', 'companies.none': 'No companies yet.',
  'companies.saved': 'The company is saved.',
  'deals.none': 'No deals.', 'status.open': 'open', 'status.won': 'won', 'status.lost': 'lost',
  'tasks.none': 'No tasks.', 'tasks.due': 'due', 'tasks.done': 'done', 'tasks.overdue': 'overdue', 'tasks.mark_done': 'Mark done',
  'timeline.title': 'Timeline', 'timeline.none': 'Nothing on the timeline yet.',
  'kind.note': 'Note', 'kind.call': 'Call', 'kind.email': 'Email', 'kind.meeting': 'Meeting', 'kind.whatsapp': 'WhatsApp',
  'calls.open_coaching': 'Open the coaching',
};

export type MessageKey = keyof typeof en;

const de: Record<MessageKey, string> = {
  'nav.main': 'Hauptmenü', 'nav.skip': 'Zum Inhalt springen', 'nav.contacts': 'Kontakte', 'nav.companies': 'Firmen', 'nav.deals': 'Deals',
  'nav.pipeline': 'Pipeline', 'nav.tasks': 'Aufgaben', 'nav.calls': 'Gespräche', 'nav.coaching': 'Coaching', 'nav.team': 'Team',
  'nav.privacy': 'Datenschutz', 'nav.signout': 'Abmelden',
  'footer.tagline': 'Vertriebscoaching und CRM', 'footer.api': 'API-Referenz',
  'lang.switch': 'Sprache wechseln', 'lang.en': 'English', 'lang.de': 'Deutsch',
  'error.400': 'Diese Anfrage wurde nicht verstanden', 'error.401': 'Bitte melden Sie sich an', 'error.402': 'In diesem Tarif nicht verfügbar',
  'error.403': 'Darauf haben Sie keinen Zugriff', 'error.404': 'Seite nicht gefunden', 'error.422': 'Bitte prüfen Sie Ihre Eingaben',
  'error.429': 'Zu viele Versuche', 'error.500': 'Bei uns ist etwas schiefgegangen', 'error.home': 'Zurück zur Startseite',
  'action.save': 'Speichern', 'action.search': 'Suchen', 'action.copy': 'Kopieren', 'action.copied': 'Kopiert',
  'field.name': 'Name', 'field.your_name': 'Ihr Name', 'field.email': 'E-Mail', 'field.password': 'Passwort',
  'field.password_hint': 'Mindestens 10 Zeichen.', 'field.role': 'Rolle', 'field.language': 'Sprache', 'field.actions': 'Aktionen',
  'field.first_name': 'Vorname', 'field.last_name': 'Nachname', 'field.phone': 'Telefon', 'field.job_title': 'Position',
  'field.company': 'Firma', 'field.domain': 'Domain', 'field.owner': 'Verantwortlich', 'field.created': 'Angelegt',
  'role.owner': 'Inhaber', 'role.manager': 'Manager', 'role.member': 'Mitglied',
  'setup.title': 'RZ einrichten', 'setup.intro': 'Es gibt noch kein Team. Legen Sie Ihr Team und Ihr eigenes Inhaber-Konto an; Kolleginnen und Kollegen fügen Sie danach hinzu.',
  'setup.team': 'Teamname', 'setup.submit': 'Team anlegen', 'setup.done': 'Ihr Team ist bereit. Fügen Sie Ihre Kollegen hinzu und erstellen Sie einen API-Schlüssel.',
  'signin.title': 'Anmelden', 'signin.submit': 'Anmelden', 'signin.invalid': 'E-Mail oder Passwort ist falsch.',
  'signin.throttled': 'Zu viele fehlgeschlagene Versuche. Bitte versuchen Sie es später erneut (in etwa 15 Minuten).',
  'privacy.title': 'Datenschutzhinweis', 'privacy.p1': 'RZ analysiert die Verkaufsgespräche, die Sie übermitteln (Transkripte), und gibt Ihnen Coaching: Bewertungen, Ihren stärksten Moment, Ihre größte verpasste Chance und was Sie stattdessen sagen könnten.',
  'privacy.p2': 'Was das für Sie bedeutet:',
  'privacy.li1': 'Die Transkripte Ihrer Gespräche werden in der RZ-Datenbank Ihres Teams gespeichert und im Hintergrund analysiert.',
  'privacy.li2': 'Die Analyse erscheint in der Chronik des Kontakts und des Deals; Inhaber und Manager Ihres Teams können sie lesen.',
  'privacy.li3': 'Mitglieder sehen nur ihre eigenen Gespräche; außerhalb Ihres Teams sieht sie niemand.',
  'privacy.li4': 'Sie können Ihre Einwilligung hier jederzeit widerrufen; neue Gespräche werden dann abgelehnt.',
  'privacy.p3': 'Bis Sie zustimmen, werden Gespräche, die mit Ihren API-Schlüsseln übermittelt werden, abgelehnt (HTTP 428 consent_required).',
  'privacy.your_consent': 'Ihre Einwilligung', 'privacy.accept': 'Ich stimme dem Datenschutzhinweis zu', 'privacy.accepted_at': 'Sie haben zugestimmt am',
  'privacy.not_accepted': 'Sie haben dem Datenschutzhinweis noch nicht zugestimmt.', 'privacy.withdraw': 'Einwilligung widerrufen',
  'privacy.thanks': 'Danke: Ihre Einwilligung ist gespeichert.', 'privacy.withdrawn': 'Ihre Einwilligung wurde widerrufen.',
  'profile.title': 'Profil', 'profile.details': 'Ihre Angaben', 'profile.password': 'Passwort', 'profile.current_password': 'Aktuelles Passwort',
  'profile.new_password': 'Neues Passwort', 'profile.confirm_password': 'Neues Passwort wiederholen', 'profile.change_password': 'Passwort ändern',
  'profile.saved': 'Ihr Profil ist gespeichert.', 'profile.name_required': 'Bitte geben Sie Ihren Namen ein.', 'profile.wrong_password': 'Das aktuelle Passwort ist falsch.',
  'profile.mismatch': 'Die beiden neuen Passwörter stimmen nicht überein.', 'profile.password_changed': 'Ihr Passwort ist geändert; andere Sitzungen wurden abgemeldet.',
  'team.members': 'Mitglieder', 'team.keys': 'API-Schlüssel', 'team.webhooks': 'Webhooks', 'team.usage': 'Tarif und Verbrauch',
  'members.add': 'Benutzer hinzufügen', 'members.add_submit': 'Hinzufügen', 'members.initial_password': 'Erstes Passwort', 'members.status': 'Status',
  'members.consent': 'Datenschutzhinweis', 'members.consent_yes': 'Zugestimmt', 'members.consent_no': 'Noch nicht', 'members.you': 'Sie',
  'members.change_role': 'Ändern', 'members.active': 'Aktiv', 'members.deactivated': 'Deaktiviert', 'members.deactivate': 'Deaktivieren',
  'members.reactivate': 'Reaktivieren', 'members.confirm_deactivate': '{name} deaktivieren? Die API-Schlüssel funktionieren dann sofort nicht mehr.',
  'members.deactivate_hint': 'Deaktivierte Benutzer können sich nicht anmelden, und ihre API-Schlüssel antworten sofort mit 401.',
  'members.added': '{email} wurde hinzugefügt.', 'members.role_changed': 'Die Rolle von {name} ist geändert.',
  'members.deactivated_msg': '{name} ist deaktiviert; die Schlüssel funktionieren nicht mehr.', 'members.reactivated': '{name} ist wieder aktiv.',
  'keys.new': 'API-Schlüssel erstellen', 'keys.acts_as_you': 'Ein Schlüssel handelt als Sie: mit Ihrer Rolle und Sichtbarkeit, und was er schreibt, gehört Ihnen.',
  'keys.name_placeholder': 'z. B. Dialer-Anbindung', 'keys.scopes': 'Berechtigungen', 'keys.create': 'Schlüssel erstellen',
  'keys.created': 'Schlüssel „{name}“ erstellt', 'keys.shown_once': 'Kopieren Sie den Schlüssel jetzt: Er wird nur einmal angezeigt.',
  'keys.try_it': 'Ausprobieren:', 'keys.none': 'Noch keine API-Schlüssel.', 'keys.prefix': 'Präfix', 'keys.owner': 'Handelt als',
  'keys.created_by': 'erstellt von {name}', 'keys.created_at': 'Erstellt', 'keys.last_used': 'Zuletzt benutzt', 'keys.never': 'nie',
  'keys.revoked': 'Widerrufen', 'keys.revoke': 'Widerrufen', 'keys.confirm_revoke': 'Den Schlüssel „{name}“ widerrufen? Anfragen damit antworten dann mit 401.',
  'keys.revoked_msg': 'Der Schlüssel ist widerrufen.',
  'scope.read': 'lesen', 'scope.write': 'schreiben',
  'list.total': '{n} insgesamt', 'list.more': 'Nächste Seite', 'list.no_match': 'Nichts passt zu Ihrer Suche.',
  'contacts.search': 'Name, E-Mail, Telefon suchen', 'contacts.add': 'Kontakt anlegen oder aktualisieren', 'contacts.none': 'Noch keine Kontakte.',
  'contacts.saved': 'Der Kontakt ist gespeichert.', 'contacts.details': 'Angaben',
  'companies.search': 'Name oder Domain suchen', 'companies.add': 'Firma anlegen', 'companies.none': 'Noch keine Firmen.',
  'companies.saved': 'Die Firma ist gespeichert.',
  'deals.none': 'Keine Deals.', 'status.open': 'offen', 'status.won': 'gewonnen', 'status.lost': 'verloren',
  'tasks.none': 'Keine Aufgaben.', 'tasks.due': 'fällig', 'tasks.done': 'erledigt', 'tasks.overdue': 'überfällig', 'tasks.mark_done': 'Erledigt',
  'timeline.title': 'Chronik', 'timeline.none': 'Noch nichts in der Chronik.',
  'kind.note': 'Notiz', 'kind.call': 'Gespräch', 'kind.email': 'E-Mail', 'kind.meeting': 'Termin', 'kind.whatsapp': 'WhatsApp',
  'calls.open_coaching': 'Coaching öffnen',
};

const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, de };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const m = MESSAGES[locale];
  return (key, params) => {
    const text = m[key] ?? en[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`)) : text;
  };
}
