/** Deutsch. Revised after a native-reader review (2026-11-27); see docs/translating.md. */
import type { Catalogue } from '../catalogue'

const de: Catalogue = {
  'app.name': 'Unburden',
  'nav.void': 'Die Leere',
  'nav.return': 'Zurück zu dir',
  'nav.back': 'Zurück zu Unburden',
  'nav.screens': 'Bereiche',
  'writer.heading': 'Was trägst du heute mit dir herum?',
  'writer.label': 'Dein Gedanke',
  'writer.placeholder':
    'Schreib deine Gedanken hier auf … Niemand sieht sie, solange du es nicht willst.',
  'writer.counter': '{n}/{max} Zeichen',
  'writer.pasteCut': 'Der eingefügte Text war zu lang und wurde auf {max} Zeichen gekürzt.',
  'writer.limit': 'Du hast die Grenze von {max} Zeichen erreicht.',
  'writer.ready': 'Fertig',
  'writer.keyCtrl': 'Strg',
  'writer.keyEnter': 'Enter',
  'writer.failed': 'Etwas ist schiefgegangen. Versuch es noch einmal.',
  'writer.shared': 'Die Worte, die du aus einer anderen App geteilt hast, stehen jetzt hier.',
  'help.link': 'Brauchst du jemanden zum Reden?',
  'error.title': 'Diese Seite konnte nicht geöffnet werden',
  'error.text':
    'Beim ersten Öffnen braucht sie vielleicht eine Internetverbindung. Deine Worte sind in Sicherheit.',
  'error.retry': 'Noch einmal versuchen',
  'home.return': 'Zur Startseite',
  'notFound.text': 'Hoppla! Seite nicht gefunden',
  'choice.title': 'Was möchtest du mit diesen Worten tun?',
  'choice.letGo': 'Loslassen',
  'choice.letGoSub': 'Es ist fort. Aber es war wichtig.',
  'choice.save': 'Privat aufbewahren',
  'choice.saveSub': 'Das bleibt bei dir.',
  'choice.offer': 'Der Leere übergeben',
  'choice.offerSub': 'Anonym mit anderen teilen.',
  'choice.cancel': 'Abbrechen',
  'choice.saving': 'Wird gespeichert …',
  'choice.offering': 'Wird der Leere übergeben …',
  'choice.notSavedTitle': 'Nicht gespeichert',
  'choice.notSavedText':
    'Dein Browser konnte das nicht speichern (vielleicht ist sein Speicher voll oder deaktiviert). Deine Worte sind noch da.',
  'outcome.letGo': 'Es ist fort. Aber es war wichtig.',
  'outcome.saved': 'Gespeichert. Das bleibt bei dir.',
  'outcome.offered': 'Der Leere übergeben.',
  'outcome.held':
    'Für die Leere aufbewahrt. Sobald du wieder online bist, kommt dein Gedanke dort an.',
  'outcome.failed': 'Etwas ist schiefgegangen. Versuch es noch einmal.',
  'privateEntries.publishTitle': 'In der Leere veröffentlichen?',
  'privateEntries.publishText':
    'Dein Gedanke wird anonym in der Leere veröffentlicht, für alle lesbar. Danach kannst du ihn nicht mehr löschen. Bist du bereit, ihn mit der Welt zu teilen?',
  'privateEntries.deleteTitle': 'Diesen Gedanken loslassen?',
  'privateEntries.deleteText':
    'Dein Gedanke wird endgültig gelöscht. Er kann nicht wiederhergestellt werden.',
  'privateEntries.publishedTitle': 'Das war mutig',
  'privateEntries.publishedText':
    'Danke, dass du etwas so Persönliches mit der Welt teilst. Deine Worte können jemanden erreichen, der sie gerade braucht.',
  'privateEntries.heldTitle': 'Für die Leere aufbewahrt.',
  'privateEntries.heldText': 'Sobald du wieder online bist, kommt dein Gedanke dort an.',
  'privateEntries.failedTitle': 'Veröffentlichen nicht möglich',
  'privateEntries.failedText':
    'Beim Veröffentlichen deines Gedankens ist etwas schiefgegangen. Bitte versuch es noch einmal.',
  'handBack.keptTitle': 'Privat behalten',
  'handBack.keptText': 'Deine Worte sind wieder in „Zurück zu dir“.',
  'handBack.refusedTitle': 'Die Leere konnte diese Worte nicht annehmen',
  'handBack.refusedText': 'Sie sind wieder in „Zurück zu dir“, gut aufgehoben in deinem Browser.',
  'void.title': 'DIE LEERE',
  'void.loading': 'Gedanken werden geladen …',
  'void.unreachable': 'Die Leere ist gerade nicht erreichbar.',
  'void.staleNote': 'Die Leere ist gerade nicht erreichbar. Du siehst den Stand vom {date}.',
  'void.errorText': 'Nichts ist verloren. Prüf deine Verbindung und versuch es dann noch einmal.',
  'void.retry': 'Noch einmal versuchen',
  'void.emptyTitle': 'In der Leere ist noch nichts.',
  'void.emptyText': 'Bisher hat niemand etwas geteilt.',
  'void.returnToWriter': 'Zurück zu Unburden',
  'void.heading': 'Gedanken, in die Leere entlassen',
  'void.count': { one: '{n} Gedanke • Anonym', other: '{n} Gedanken • Anonym' },
  'void.newThoughts': { one: '{n} neuer Gedanke', other: '{n} neue Gedanken' },
  'void.loadingMore': 'Weitere Gedanken werden geladen …',
  'void.moreFailed': 'Weitere Gedanken konnten nicht geladen werden.',
  'void.footer':
    'Diese Gedanken leben in der Leere – geteilt von Menschen, die sie loslassen mussten.',
  'void.addYourVoice': 'Teile auch deine Gedanken',
  'card.square': 'Quadrat',
  'card.story': 'Story',
  'card.share': 'Teilen',
  'card.report': 'Melden',
  'report.title': 'Diesen Gedanken melden?',
  'report.text':
    'Wenn mehrere Menschen ihn melden, wird er für alle ausgeblendet. Von hier aus lässt sich das nicht rückgängig machen.',
  'report.confirm': 'Melden',
  'report.cancel': 'Abbrechen',
  'share.copiedTitle': 'In die Zwischenablage kopiert',
  'share.copiedText': 'Du kannst den Gedanken jetzt einfügen, wo du möchtest.',
  'share.failedTitle': 'Teilen nicht möglich',
  'share.failedText': 'Dieser Browser hat weder Teilen noch Kopieren erlaubt.',
  'share.imageFailedTitle': 'Das Bild konnte nicht erstellt werden',
  'share.imageFailedText': 'Bitte versuch es noch einmal.',
  'image.label': 'D I E   L E E R E',
  'image.invitation': 'Was würdest du antworten?',
  'image.writeYours': 'Schreib anonym deinen eigenen Gedanken:',
  'waiting.label': 'Wartet darauf, übergeben zu werden',
  'waiting.keepPrivate': 'Privat behalten',
  'privateEntries.title': 'Zurück zu dir',
  'privateEntries.emptyTitle': 'Dein Rückzugsort ist leer.',
  'privateEntries.emptyText': 'Noch ist nichts privat gespeichert.',
  'privateEntries.returnToWriter': 'Zurück zu Unburden',
  'privateEntries.heading': 'Deine privaten Gedanken',
  'privateEntries.count': {
    one: '{n} Eintrag • Gut aufgehoben in deinem Browser',
    other: '{n} Einträge • Gut aufgehoben in deinem Browser',
  },
  'privateEntries.addAnother': 'Noch einen Gedanken schreiben',
  'privateEntries.publish': 'In der Leere veröffentlichen',
  'privateEntries.publishConfirm': 'Veröffentlichen',
  'privateEntries.letGo': 'Loslassen',
  'privateEntries.cancel': 'Abbrechen',
  'storage.unavailable':
    'Dieser Browser lässt Unburden nichts speichern, deshalb bleiben deine privaten Einträge nur erhalten, solange dieser Tab offen ist. Lade eine Kopie herunter, um sie zu behalten.',
  'storage.full':
    'Der Speicher deines Browsers ist voll, deshalb bleiben deine letzten Änderungen nur erhalten, solange dieser Tab offen ist. Lade eine Kopie herunter, um sie zu sichern.',
  'storage.backup':
    'Einiges, was hier gespeichert war, konnte nicht gelesen werden. Es wurde unverändert in diesem Browser beiseitegelegt (unter „{key}“).',
  'copy.title': 'Eine Kopie behalten',
  'copy.text':
    'Deine privaten Einträge gibt es nur in diesem Browser. Eine Kopie ist eine Datei, die du selbst aufbewahrst.',
  'copy.persistNote':
    'Dieser Browser hat nicht zugesagt, sie zu behalten: Wenn der Platz knapp wird, kann er sie löschen.',
  'copy.download': 'Kopie herunterladen',
  'copy.downloadEncrypted': 'Verschlüsselte Kopie herunterladen',
  'copy.restore': 'Aus einer Kopie wiederherstellen',
  'copy.fileLabel': 'Kopie deiner privaten Einträge',
  'copy.restoredTitle': 'Kopie wiederhergestellt',
  'copy.nothingNew': 'Nichts Neues: Jeder Eintrag dieser Kopie ist schon da.',
  'copy.added': {
    one: '{n} Eintrag wurde hinzugefügt.',
    other: '{n} Einträge wurden hinzugefügt.',
  },
  'copy.notStored':
    ' Dein Browser konnte sie nicht speichern, deshalb bleiben sie nur erhalten, solange dieser Tab offen ist.',
  'copy.notACopy':
    'Diese Datei ist keine Kopie deiner privaten Einträge. Es wurde nichts geändert.',
  'copy.damaged':
    'Diese Kopie ist beschädigt: Einige Einträge können nicht gelesen werden. Es wurde nichts geändert.',
  'lock.forgotten':
    'Eine vergessene Passphrase lässt sich nicht wiederherstellen, und die Einträge, die sie sperrt, auch nicht.',
  'lock.forgottenCopy':
    'Eine vergessene Passphrase lässt sich nicht wiederherstellen, und die Kopie, die sie sperrt, auch nicht.',
  'lock.tooShort': 'Wähle eine Passphrase mit mindestens {min} Zeichen.',
  'lock.different': 'Die beiden Passphrasen stimmen nicht überein.',
  'lock.wrong':
    'Diese Passphrase öffnet deine Einträge nicht. Lass dir Zeit und versuch es noch einmal.',
  'lock.unreadable':
    'Deine gesperrten Einträge können nicht gelesen werden: Die gespeicherten Daten sind beschädigt oder unvollständig. Es wurde nichts geändert.',
  'lock.copyUnreadable':
    'Diese Kopie kann nicht gelesen werden: Sie ist beschädigt oder unvollständig. Es wurde nichts geändert.',
  'lock.storage': 'Dein Browser konnte das nicht speichern, deshalb wurde nichts geändert.',
  'lock.lockedHeading': 'Deine Einträge sind gesperrt',
  'lock.lockedNote':
    'Du kannst weiterhin neue Gedanken privat speichern, während sie gesperrt sind. Lesen lassen sie sich nur mit deiner Passphrase.',
  'lock.passphrase': 'Passphrase',
  'lock.unlock': 'Entsperren',
  'lock.unlocking': 'Wird entsperrt …',
  'lock.title': 'Sperre',
  'lock.offText':
    'Eine Passphrase kann deine privaten Einträge sperren, sodass nur du sie auf diesem Gerät lesen kannst.',
  'lock.turnOn': 'Meine Einträge sperren',
  'lock.onText':
    'Deine Einträge sind mit deiner Passphrase geschützt und in diesem Browser gerade entsperrt.',
  'lock.now': 'Jetzt sperren',
  'lock.change': 'Passphrase ändern',
  'lock.remove': 'Sperre entfernen',
  'lock.after': 'Wieder sperren, wenn die App so lange im Hintergrund war:',
  'lock.minutes': { one: '{n} Minute', other: '{n} Minuten' },
  'lock.chooseText': 'Wähle eine Passphrase, mit der sie gesperrt werden.',
  'lock.again': 'Dieselbe Passphrase noch einmal',
  'lock.locking': 'Wird gesperrt …',
  'lock.lockedToastText':
    'Nur deine Passphrase öffnet sie. Neue Gedanken können weiterhin gespeichert werden.',
  'lock.copyFirst': 'Vielleicht möchtest du zuerst eine Kopie.',
  'lock.copyFirstButton': 'Zuerst eine Kopie herunterladen',
  'lock.current': 'Aktuelle Passphrase',
  'lock.new': 'Neue Passphrase',
  'lock.newAgain': 'Die neue Passphrase noch einmal',
  'lock.changing': 'Wird geändert …',
  'lock.changed': 'Die Passphrase wurde geändert',
  'lock.removeText': 'Deine Einträge werden in diesem Browser wieder unverschlüsselt gespeichert.',
  'lock.removing': 'Wird entfernt …',
  'lock.copyTitle': 'Verschlüsselte Kopie herunterladen',
  'lock.copyChoose':
    'Wähle eine Passphrase für diese Kopie: dieselbe wie für deine Sperre oder eine andere.',
  'lock.copyPassphrase': 'Passphrase für die Kopie',
  'lock.download': 'Herunterladen',
  'lock.encrypting': 'Wird verschlüsselt …',
  'lock.restoreTitle': 'Verschlüsselte Kopie wiederherstellen',
  'lock.restoreText':
    'Diese Kopie ist verschlüsselt und lässt sich nur mit ihrer Passphrase öffnen. Bis dahin wird nichts geändert.',
  'lock.restorePassphrase': 'Passphrase der Kopie',
  'lock.restore': 'Wiederherstellen',
  'lock.opening': 'Wird geöffnet …',
  'lock.copyWrong':
    'Mit dieser Passphrase lässt sich die Kopie nicht öffnen. Lass dir Zeit und versuch es noch einmal.',
  // What an unlock found changed or damaged (src/i18n/messages/lock.ts).
  'lockProblem.keyChanged':
    'Jemand hat den Schlüssel deiner Sperre auf diesem Gerät ausgetauscht. Gedanken, die du seitdem gespeichert hast, während deine Einträge gesperrt waren, konnte diese Person womöglich lesen. Der Schlüssel ist jetzt wieder der richtige.',
  'lockProblem.sealRefused':
    'Der Schlüssel deiner Sperre auf diesem Gerät wurde ausgetauscht, deshalb hat Unburden deinen neuen Gedanken nicht damit gespeichert. Entsperre deine Einträge, damit der Schlüssel wieder stimmt; sonst wurde nichts geändert.',
  'lockProblem.damaged': {
    one: '{n} gespeicherter Eintrag ist beschädigt und kann nicht gelesen werden. Er bleibt unverändert erhalten; alles andere ist da.',
    other:
      '{n} gespeicherte Einträge sind beschädigt und können nicht gelesen werden. Sie bleiben unverändert erhalten; alles andere ist da.',
  },
  'lockProblem.missing': {
    one: '{n} gespeicherter Eintrag fehlt: Er wurde außerhalb von Unburden aus dem Speicher dieses Browsers entfernt.',
    other:
      '{n} gespeicherte Einträge fehlen: Sie wurden außerhalb von Unburden aus dem Speicher dieses Browsers entfernt.',
  },
  'lockProblem.listDamaged':
    'Die Liste deiner Einträge ist beschädigt, deshalb kann Unburden nicht erkennen, ob welche fehlen. Alles, was sich lesen ließ, ist da.',
  'lockProblem.vaultMissing':
    'Deine gesperrten Einträge sind nicht mehr im Speicher dieses Browsers: Sie wurden entfernt, ohne dass Unburden beteiligt war. Deshalb wurde dein neuer Gedanke nicht unverschlüsselt abgelegt, wo man ihn lesen könnte.',
  'lockProblem.foundUnlocked': {
    one: '{n} Eintrag lag ohne Sperre neben deinen gesperrten Einträgen (von einer unterbrochenen Sperre oder gespeichert, während die Sperre fehlte). Er war womöglich lesbar; jetzt ist er gesperrt.',
    other:
      '{n} Einträge lagen ohne Sperre neben deinen gesperrten Einträgen (von einer unterbrochenen Sperre oder gespeichert, während die Sperre fehlte). Sie waren womöglich lesbar; jetzt sind sie gesperrt.',
  },
  'lockFirst.note':
    'Sperrst du sie jetzt, vor deinem ersten privaten Gedanken, wird nichts, was du speicherst, je unverschlüsselt abgelegt – nicht einmal in den eigenen Dateien des Browsers.',
  'help.title': 'Mit jemandem reden',
  'help.intro':
    'Wenn alles schwer wird, kann Reden helfen. Die Menschen am anderen Ende der Leitung hören dir zu – ganz gleich, worum es geht.',
  'help.why': 'Zuerst angezeigt – passend zur Sprache und Zeitzone deines Browsers.',
  'help.emergency': 'Im Notfall',
  'help.elsewhere': 'In anderen Ländern',
  'help.directoryAbout': '{name}: kostenlose, vertrauliche Hilfetelefone, Land für Land.',
  'help.findLine': 'Ein Hilfetelefon in deinem Land finden',
  'help.openDirectory': 'Verzeichnis öffnen',
  'help.needsNetwork': 'Das ist eine Website: Dafür brauchst du eine Internetverbindung.',
  'help.danger': 'Wenn du gerade in Gefahr bist, ruf den Notruf an.',
  'help.call': '{number} anrufen',
  'help.text': 'SMS an {number}',
  'line.us': 'Geschulte Beraterinnen und Berater, Tag und Nacht, bei jeder Art seelischer Not.',
  'line.ca': 'Geschulte Helferinnen und Helfer, Tag und Nacht, auf Englisch und Französisch.',
  'line.qc': 'Quebecs eigene Nummer zur Suizidprävention, Tag und Nacht, per Anruf oder SMS.',
  'line.samaritans': 'Jemand, der zuhört, Tag und Nacht. Kostenlos von jedem Telefon aus.',
  'line.au': 'Krisenbegleitung, Tag und Nacht, per Anruf oder SMS.',
  'line.de': 'Anonym und kostenlos, Tag und Nacht, vom Festnetz und vom Handy.',
  'line.at':
    'Jemand, der zuhört – vertraulich und kostenlos, Tag und Nacht, von jedem Telefon aus.',
  'line.ch': 'Jemand, der zuhört – Tag und Nacht, in der Schweiz und in Liechtenstein.',
  'line.youth': 'Für Kinder und Jugendliche: kostenlos und vertraulich, Tag und Nacht.',
  'line.es':
    'Die landesweite Nummer für alle, die an Suizid denken, und ihre Angehörigen: kostenlos, vertraulich, Tag und Nacht.',
  'line.br':
    'Ehrenamtliche, die vertraulich zuhören, Tag und Nacht. Kostenlos von jedem Telefon aus.',
  'line.pt':
    'Psychologinnen und Psychologen des nationalen Gesundheitstelefons, Tag und Nacht: Ruf an und wähle im Menü die 4.',
  'line.fr':
    'Die landesweite Nummer zur Suizidprävention, mit Fachleuten aus dem Gesundheitswesen am Telefon, für alle in Not und ihre Angehörigen: kostenlos, vertraulich, Tag und Nacht.',
  'line.be':
    'Ein Gesprächstelefon für alle mit Suizidgedanken, auf Französisch: anonym, kostenlos, Tag und Nacht.',
  'line.beNl':
    'Ein Gesprächstelefon für alle mit Suizidgedanken, auf Niederländisch: kostenlos, Tag und Nacht.',
  'line.cn':
    'Das landesweite Telefon für psychologische Hilfe: Anrufe erreichen die Stelle vor Ort.',
  'line.hk': 'Das Hilfetelefon der Regierung für seelische Gesundheit, Tag und Nacht besetzt.',
  'line.hkSamaritans': 'Jemand, der zuhört – vertraulich, Tag und Nacht, in mehreren Sprachen.',
  'line.lb':
    'Das landesweite Telefon für seelische Unterstützung und Suizidprävention, auf Arabisch, Englisch und Französisch.',
  'offline.line': 'Du bist offline – deine Worte sind hier in Sicherheit',
  'offline.waiting': { one: ' · {n} Gedanke wartet', other: ' · {n} Gedanken warten' },
  'update.ready': 'Eine neue Version ist bereit',
  'update.deferred':
    'Eine neue Version ist bereit. Sie wird geladen, sobald du mit deinen Worten fertig bist.',
  'update.reload': 'Neu laden',
  'update.region': 'Aktualisierung',
  'install.button': 'Installieren',
  'install.hint': 'Um Unburden zu installieren, wähle im Teilen-Menü „Zum Home-Bildschirm“.',
  'install.dismiss': 'Installationshinweis schließen',
  'toasts.region': 'Benachrichtigungen',
  'toasts.dismiss': 'Schließen',
  'language.label': 'Sprache',
  'lab.simulating': 'Netzwerklabor: simuliert {mode} für die Anfragen dieser App an die Leere.',
  'lab.offline': 'Offline-Betrieb',
  'lab.503': '503 vom Backend',
  'lab.lostAnswer': 'verlorene Antworten (gesendet, Antwort verworfen)',
  'lab.stop': 'Beenden',
  // The passphrase's strength.
  'passphrase.hint':
    'Am sichersten sind ein paar Wörter, die nichts miteinander zu tun haben. Ein Name, ein Datum oder eine bekannte Redewendung wird zuerst erraten.',
  'passphrase.estimate': 'Eine einzige Grafikkarte bräuchte etwa {time}, um sie zu erraten.',
  'passphrase.estimateInstant':
    'Eine einzige Grafikkarte würde sie in weniger als einer Sekunde erraten.',
  'passphrase.estimateCentury':
    'Eine einzige Grafikkarte bräuchte mehr als ein Jahrhundert, um sie zu erraten.',
  'passphrase.enough': 'Stark genug.',
  'passphrase.weak':
    'Das ist weniger als ein Tag. Füge ein paar Wörter hinzu, die nichts miteinander zu tun haben.',
  'passphrase.leaked':
    'Sie steht auf den Listen von Passwörtern aus Datenlecks, die zuerst ausprobiert werden.',
  'passphrase.refusedWeak':
    'Eine einzige Grafikkarte könnte diese Passphrase innerhalb eines Tages erraten. Füge ein paar Wörter hinzu, die nichts miteinander zu tun haben.',
  'passphrase.refusedLeaked':
    'Diese Passphrase steht auf den Listen von Passwörtern aus Datenlecks, die zuerst ausprobiert werden. Wähle eine andere.',
  'passphrase.unavailable':
    'Die Passphrase ließ sich gerade nicht prüfen. Es wurde nichts geändert. Versuch es gleich noch einmal.',
}

export default de
