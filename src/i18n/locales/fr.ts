/** Français. Revised after a native-reader review (2026-11-27); see docs/translating.md. */
import type { Catalogue } from '../catalogue'

const fr: Catalogue = {
  'app.name': 'Unburden',
  'nav.void': 'Le Vide',
  'nav.return': 'Retour à soi',
  'nav.back': 'Retour à Unburden',
  'nav.screens': 'Écrans',
  'writer.heading': 'Qu’est-ce qui te pèse aujourd’hui ?',
  'writer.label': 'Ta pensée',
  'writer.placeholder':
    'Écris ici ce que tu as sur le cœur… Personne ne le verra, sauf si tu le décides.',
  'writer.counter': '{n}/{max} caractères',
  'writer.pasteCut':
    'Le texte collé a été raccourci pour tenir dans la limite de {max} caractères.',
  'writer.limit': 'Tu as atteint la limite de {max} caractères.',
  'writer.ready': 'J’ai fini',
  'writer.keyCtrl': 'Ctrl',
  'writer.keyEnter': 'Entrée',
  'writer.failed': 'Un problème est survenu. Réessaie.',
  'writer.shared': 'Voici les mots partagés depuis une autre app.',
  'help.link': 'Besoin de parler à quelqu’un ?',
  'error.title': 'Cet écran n’a pas pu s’ouvrir',
  'error.text': 'Il faut peut-être une connexion la première fois. Tes mots sont en sécurité.',
  'error.retry': 'Réessayer',
  'home.return': 'Retour à l’accueil',
  'notFound.text': 'Oups ! Page introuvable',
  'choice.title': 'Que veux-tu faire de ces mots ?',
  'choice.letGo': 'Laisser partir',
  'choice.letGoSub': 'Envolé. Mais ça comptait.',
  'choice.save': 'Garder pour soi',
  'choice.saveSub': 'Ça reste ici, à l’abri.',
  'choice.offer': 'Offrir au Vide',
  'choice.offerSub': 'Pour d’autres, sans ton nom.',
  'choice.cancel': 'Annuler',
  'choice.saving': 'Enregistrement…',
  'choice.offering': 'Envoi au Vide…',
  'choice.notSavedTitle': 'Pas enregistré',
  'choice.notSavedText':
    'Ton navigateur n’a pas pu l’enregistrer (son stockage est peut-être plein ou désactivé). Tes mots sont toujours là.',
  'outcome.letGo': 'Envolé. Mais ça comptait.',
  'outcome.saved': 'Enregistré. Ça reste ici, à l’abri.',
  'outcome.offered': 'Offert au Vide.',
  'outcome.held':
    'Ta pensée est en attente. Elle sera offerte au Vide dès que tu seras de nouveau en ligne.',
  'outcome.failed': 'Un problème est survenu. Réessaie.',
  'privateEntries.publishTitle': 'Publier dans le Vide ?',
  'privateEntries.publishText':
    'Ta pensée sera publiée anonymement dans le Vide, où tout le monde pourra la lire. Une fois publiée, elle ne pourra plus être supprimée. Veux-tu vraiment la partager avec le monde ?',
  'privateEntries.deleteTitle': 'Laisser partir cette pensée ?',
  'privateEntries.deleteText':
    'Ta pensée sera définitivement supprimée. Elle ne pourra pas être récupérée.',
  'privateEntries.publishedTitle': 'Il fallait du courage',
  'privateEntries.publishedText':
    'Merci d’avoir partagé quelque chose d’aussi personnel avec le monde. Tes mots toucheront peut-être quelqu’un qui a besoin de les entendre.',
  'privateEntries.heldTitle': 'Ta pensée est en attente.',
  'privateEntries.heldText': 'Elle sera offerte au Vide dès que tu seras de nouveau en ligne.',
  'privateEntries.failedTitle': 'Publication impossible',
  'privateEntries.failedText': 'Une erreur a empêché la publication de ta pensée. Réessaie.',
  'handBack.keptTitle': 'Gardé pour toi',
  'handBack.keptText': 'Tes mots t’attendent dans « Retour à soi ».',
  'handBack.refusedTitle': 'Le Vide n’a pas pu recevoir ces mots',
  'handBack.refusedText': 'Ils t’attendent dans « Retour à soi », à l’abri dans ton navigateur.',
  'void.title': 'LE VIDE',
  'void.loading': 'Chargement des pensées…',
  'void.unreachable': 'Impossible de joindre le Vide pour le moment.',
  'void.staleNote':
    'Impossible de joindre le Vide pour le moment. Voici les pensées telles qu’elles étaient le {date}.',
  'void.errorText': 'Rien n’est perdu. Vérifie ta connexion, puis réessaie.',
  'void.retry': 'Réessayer',
  'void.emptyTitle': 'Le Vide est encore silencieux.',
  'void.emptyText': 'Rien n’a encore été partagé.',
  'void.returnToWriter': 'Retour à Unburden',
  'void.heading': 'Pensées déposées dans le Vide',
  'void.count': {
    one: '{n} pensée • Anonyme',
    many: '{n} de pensées • Anonymes',
    other: '{n} pensées • Anonymes',
  },
  'void.newThoughts': {
    one: '{n} nouvelle pensée',
    many: '{n} de nouvelles pensées',
    other: '{n} nouvelles pensées',
  },
  'void.loadingMore': 'Chargement d’autres pensées…',
  'void.moreFailed': 'Impossible de charger d’autres pensées.',
  'void.footer':
    'Ces pensées flottent dans le Vide, déposées par des âmes qui avaient besoin de s’en libérer.',
  'void.addYourVoice': 'À ton tour d’écrire',
  'card.square': 'Carré',
  'card.story': 'Story',
  'card.share': 'Partager',
  'card.report': 'Signaler',
  'report.title': 'Signaler cette pensée ?',
  'report.text':
    'Si plusieurs personnes la signalent, elle est masquée pour tout le monde. Tu ne pourras pas l’annuler d’ici.',
  'report.confirm': 'Signaler',
  'report.cancel': 'Annuler',
  'share.copiedTitle': 'Copié dans le presse-papiers',
  'share.copiedText': 'La pensée est prête à être collée où tu veux.',
  'share.failedTitle': 'Partage impossible',
  'share.failedText': 'Ce navigateur n’a autorisé ni le partage ni la copie.',
  'share.imageFailedTitle': 'L’image n’a pas pu être créée',
  'share.imageFailedText': 'Réessaie.',
  'image.label': 'L E   V I D E',
  'image.invitation': 'Et toi, que répondrais-tu ?',
  'image.writeYours': 'Écris la tienne, anonymement, sur',
  'waiting.label': 'En attente d’envoi',
  'waiting.keepPrivate': 'Garder pour soi',
  'privateEntries.title': 'Retour à soi',
  'privateEntries.emptyTitle': 'Ton refuge est vide.',
  'privateEntries.emptyText': 'Tu n’as encore rien gardé pour toi.',
  'privateEntries.returnToWriter': 'Retour à Unburden',
  'privateEntries.heading': 'Tes pensées privées',
  'privateEntries.count': {
    one: '{n} entrée • À l’abri dans ton navigateur',
    many: '{n} d’entrées • À l’abri dans ton navigateur',
    other: '{n} entrées • À l’abri dans ton navigateur',
  },
  'privateEntries.addAnother': 'Écrire une autre pensée',
  'privateEntries.publish': 'Publier dans le Vide',
  'privateEntries.publishConfirm': 'Publier',
  'privateEntries.letGo': 'Laisser partir',
  'privateEntries.cancel': 'Annuler',
  'storage.unavailable':
    'Ce navigateur ne permet pas à Unburden de garder quoi que ce soit : tes entrées privées disparaîtront à la fermeture de cet onglet. Télécharge une copie pour les conserver.',
  'storage.full':
    'Le stockage de ton navigateur est plein : tes dernières modifications disparaîtront à la fermeture de cet onglet. Télécharge une copie pour les mettre à l’abri.',
  'storage.backup':
    'Une partie de ce qui était stocké ici n’a pas pu être lue. Elle a été mise de côté, intacte, dans ce navigateur (sous « {key} »).',
  'copy.title': 'Garder une copie',
  'copy.text':
    'Tes entrées privées n’existent que dans ce navigateur. Une copie est un fichier que tu gardes toi-même.',
  'copy.persistNote':
    'Ce navigateur ne garantit pas qu’il les gardera : il peut les effacer s’il manque de place.',
  'copy.download': 'Télécharger une copie',
  'copy.downloadEncrypted': 'Télécharger une copie chiffrée',
  'copy.restore': 'Restaurer depuis une copie',
  'copy.fileLabel': 'Copie de tes entrées privées',
  'copy.restoredTitle': 'Copie restaurée',
  'copy.nothingNew': 'Rien de nouveau : toutes les entrées de cette copie sont déjà là.',
  'copy.added': {
    one: '{n} entrée a été ajoutée.',
    many: '{n} d’entrées ont été ajoutées.',
    other: '{n} entrées ont été ajoutées.',
  },
  'copy.notStored':
    ' Ton navigateur n’a pas pu les enregistrer : elles disparaîtront à la fermeture de cet onglet.',
  'copy.notACopy': 'Ce fichier n’est pas une copie de tes entrées privées. Rien n’a été modifié.',
  'copy.damaged':
    'Cette copie est endommagée : certaines entrées ne peuvent pas être lues. Rien n’a été modifié.',
  'lock.forgotten':
    'Une phrase secrète oubliée ne peut pas être récupérée, pas plus que les entrées qu’elle verrouille.',
  'lock.forgottenCopy':
    'Une phrase secrète oubliée ne peut pas être récupérée, pas plus que la copie qu’elle verrouille.',
  'lock.tooShort': 'Choisis une phrase secrète d’au moins {min} caractères.',
  'lock.different': 'Les deux phrases secrètes ne correspondent pas.',
  'lock.wrong': 'Cette phrase secrète n’ouvre pas tes entrées. Prends ton temps et réessaie.',
  'lock.unreadable':
    'Tes entrées verrouillées ne peuvent pas être lues : ce qui est stocké est endommagé ou incomplet. Rien n’a été modifié.',
  'lock.copyUnreadable':
    'Cette copie ne peut pas être lue : ce qui est stocké est endommagé ou incomplet. Rien n’a été modifié.',
  'lock.storage': 'Ton navigateur n’a pas pu l’enregistrer : rien n’a été modifié.',
  'lock.lockedHeading': 'Tes entrées sont verrouillées',
  'lock.lockedNote':
    'Tu peux continuer à garder de nouvelles pensées pour toi pendant que tes entrées sont verrouillées. Seule ta phrase secrète permet de les lire.',
  'lock.passphrase': 'Phrase secrète',
  'lock.unlock': 'Déverrouiller',
  'lock.unlocking': 'Déverrouillage…',
  'lock.title': 'Verrou',
  'lock.offText':
    'Une phrase secrète peut verrouiller tes entrées privées, pour que personne d’autre que toi ne puisse les lire sur cet appareil.',
  'lock.turnOn': 'Verrouiller mes entrées',
  'lock.onText':
    'Tes entrées sont protégées par ta phrase secrète. Pour l’instant, elles sont déverrouillées dans ce navigateur.',
  'lock.now': 'Verrouiller maintenant',
  'lock.change': 'Changer la phrase secrète',
  'lock.remove': 'Retirer le verrou',
  'lock.after': 'Reverrouiller quand l’app est en arrière-plan depuis',
  'lock.minutes': { one: '{n} minute', many: '{n} de minutes', other: '{n} minutes' },
  'lock.chooseText': 'Choisis une phrase secrète pour les verrouiller.',
  'lock.again': 'Confirmer la phrase secrète',
  'lock.locking': 'Verrouillage…',
  'lock.lockedToastText':
    'Seule ta phrase secrète les ouvre. Tu peux continuer à garder de nouvelles pensées pour toi.',
  'lock.copyFirst': 'Par prudence, tu peux d’abord en faire une copie.',
  'lock.copyFirstButton': 'Télécharger d’abord une copie',
  'lock.current': 'Phrase secrète actuelle',
  'lock.new': 'Nouvelle phrase secrète',
  'lock.newAgain': 'Confirmer la nouvelle phrase secrète',
  'lock.changing': 'Changement…',
  'lock.changed': 'La phrase secrète a été changée',
  'lock.removeText': 'Tes entrées seront de nouveau gardées en clair dans ce navigateur.',
  'lock.removing': 'Retrait du verrou…',
  'lock.copyTitle': 'Télécharger une copie chiffrée',
  'lock.copyChoose':
    'Choisis une phrase secrète pour cette copie : celle de ton verrou, ou une autre.',
  'lock.copyPassphrase': 'Phrase secrète de la copie',
  'lock.download': 'Télécharger',
  'lock.encrypting': 'Chiffrement…',
  'lock.restoreTitle': 'Restaurer une copie chiffrée',
  'lock.restoreText':
    'Cette copie est chiffrée : il faut sa phrase secrète pour l’ouvrir. Rien ne change tant qu’elle n’est pas ouverte.',
  'lock.restorePassphrase': 'Phrase secrète de la copie',
  'lock.restore': 'Restaurer',
  'lock.opening': 'Ouverture…',
  'lock.copyWrong': 'Cette phrase secrète n’ouvre pas cette copie. Prends ton temps et réessaie.',
  // What an unlock found changed or damaged (src/i18n/messages/lock.ts).
  'lockProblem.keyChanged':
    'Quelqu’un a changé la clé de ton verrou sur cet appareil. Cette personne a peut-être pu lire les pensées que tu as gardées depuis, pendant que tes entrées étaient verrouillées. La clé a été rétablie.',
  'lockProblem.sealRefused':
    'La clé de ton verrou sur cet appareil a été changée : Unburden n’a donc pas enregistré ta nouvelle pensée avec elle. Déverrouille tes entrées pour rétablir la clé ; rien d’autre n’a été modifié.',
  'lockProblem.damaged': {
    one: '{n} élément enregistré est endommagé et ne peut pas être lu. Il est conservé tel quel ; tout le reste est là.',
    many: '{n} d’éléments enregistrés sont endommagés et ne peuvent pas être lus. Ils sont conservés tels quels ; tout le reste est là.',
    other:
      '{n} éléments enregistrés sont endommagés et ne peuvent pas être lus. Ils sont conservés tels quels ; tout le reste est là.',
  },
  'lockProblem.missing': {
    one: '{n} élément enregistré a disparu : il a été retiré du stockage de ce navigateur sans passer par Unburden.',
    many: '{n} d’éléments enregistrés ont disparu : ils ont été retirés du stockage de ce navigateur sans passer par Unburden.',
    other:
      '{n} éléments enregistrés ont disparu : ils ont été retirés du stockage de ce navigateur sans passer par Unburden.',
  },
  'lockProblem.listDamaged':
    'La liste de tes entrées est endommagée : Unburden ne peut donc pas savoir s’il en manque. Tout ce qui a pu être lu est là.',
  'lockProblem.vaultMissing':
    'Tes entrées verrouillées ne sont plus dans le stockage de ce navigateur : elles ont été supprimées sans passer par Unburden. Ta nouvelle pensée n’a donc pas été enregistrée en clair, là où on pourrait la lire.',
  'lockProblem.foundUnlocked': {
    one: '{n} entrée a été trouvée sans verrou à côté de tes entrées verrouillées (laissée par un verrouillage interrompu, ou écrite pendant que le verrou manquait). Quelqu’un a peut-être pu la lire ; elle est verrouillée maintenant.',
    many: '{n} d’entrées ont été trouvées sans verrou à côté de tes entrées verrouillées (laissées par un verrouillage interrompu, ou écrites pendant que le verrou manquait). Quelqu’un a peut-être pu les lire ; elles sont verrouillées maintenant.',
    other:
      '{n} entrées ont été trouvées sans verrou à côté de tes entrées verrouillées (laissées par un verrouillage interrompu, ou écrites pendant que le verrou manquait). Quelqu’un a peut-être pu les lire ; elles sont verrouillées maintenant.',
  },
  'lockFirst.note':
    'Verrouille-les maintenant, avant ta première pensée privée, et rien de ce que tu enregistreras ne sera jamais écrit en clair, pas même dans les fichiers du navigateur.',
  'help.title': 'Parler à quelqu’un',
  'help.intro':
    'Quand tout pèse, parler peut aider. Au bout du fil, quelqu’un est là pour t’écouter, quoi que tu traverses.',
  'help.why': 'Affiché en premier d’après la langue et le fuseau horaire de ton navigateur.',
  'help.emergency': 'En cas d’urgence',
  'help.elsewhere': 'Ailleurs dans le monde',
  'help.directoryAbout':
    '{name} : des lignes d’écoute gratuites et confidentielles, pays par pays.',
  'help.findLine': 'Trouver une ligne d’écoute dans ton pays',
  'help.openDirectory': 'Ouvrir l’annuaire',
  'help.needsNetwork': 'C’est un site web : il faut une connexion à Internet.',
  'help.danger': 'Si tu es en danger en ce moment, appelle le numéro d’urgence de ton pays.',
  'help.call': 'Appeler le {number}',
  'help.text': 'Envoyer un texto au {number}',
  'line.us': 'Des personnes formées à l’écoute, jour et nuit, pour toute détresse émotionnelle.',
  'line.ca': 'Des personnes formées à l’écoute, jour et nuit, en anglais et en français.',
  'line.qc':
    'La ligne québécoise de prévention du suicide, jour et nuit, par téléphone ou par texto.',
  'line.samaritans':
    'Quelqu’un pour t’écouter, jour et nuit. Gratuit depuis n’importe quel téléphone.',
  'line.au': 'Du soutien en cas de crise, jour et nuit, par téléphone ou par texto.',
  'line.de': 'Anonyme et gratuit, jour et nuit, depuis un fixe ou un mobile.',
  'line.at':
    'Quelqu’un pour t’écouter, en toute confidentialité et gratuitement, jour et nuit, depuis n’importe quel téléphone.',
  'line.ch': 'Quelqu’un pour t’écouter, jour et nuit, en Suisse et au Liechtenstein.',
  'line.youth': 'Pour les enfants et les jeunes : gratuit et confidentiel, jour et nuit.',
  'line.es':
    'La ligne nationale pour qui pense au suicide, et pour ses proches : gratuite, confidentielle, jour et nuit.',
  'line.br':
    'Des bénévoles qui écoutent, en toute confidentialité, jour et nuit. Gratuit depuis n’importe quel téléphone.',
  'line.pt':
    'Des psychologues de la ligne nationale de santé, jour et nuit : appelle, puis choisis l’option 4.',
  'line.fr':
    'La ligne nationale de prévention du suicide, où répondent des professionnels de santé, pour toute personne en détresse et pour ses proches : gratuite, confidentielle, jour et nuit.',
  'line.be':
    'Une ligne d’écoute en français pour toute personne qui pense au suicide : gratuite, jour et nuit.',
  'line.beNl':
    'Une ligne d’écoute en néerlandais pour toute personne qui pense au suicide : gratuite, jour et nuit.',
  'line.cn': 'La ligne nationale d’aide psychologique : chaque appel aboutit à la ligne locale.',
  'line.hk': 'La ligne de soutien en santé mentale du gouvernement, qui répond jour et nuit.',
  'line.hkSamaritans':
    'Quelqu’un pour t’écouter, en toute confidentialité, jour et nuit, en plusieurs langues.',
  'line.lb':
    'La ligne nationale de soutien émotionnel et de prévention du suicide, en arabe, en anglais et en français.',
  'offline.line': 'Tu es hors ligne — tes mots sont en sécurité ici',
  'offline.waiting': {
    one: ' · {n} envoi en attente',
    many: ' · {n} d’envois en attente',
    other: ' · {n} envois en attente',
  },
  'update.ready': 'Une nouvelle version est prête',
  'update.deferred':
    'Une nouvelle version est prête. Elle se chargera quand tu auras décidé quoi faire de tes mots.',
  'update.reload': 'Recharger',
  'update.region': 'Mise à jour',
  'install.button': 'Installer',
  'install.hint':
    'Pour installer Unburden, choisis « Sur l’écran d’accueil » dans le menu Partager.',
  'install.dismiss': 'Masquer l’aide à l’installation',
  'toasts.region': 'Notifications',
  'toasts.dismiss': 'Fermer',
  'language.label': 'Langue',
  'lab.simulating':
    'Labo réseau : simulation « {mode} » pour les requêtes de cette app vers le Vide.',
  'lab.offline': 'hors ligne',
  'lab.503': '503 du serveur',
  'lab.lostAnswer': 'réponses perdues (requête envoyée, réponse jamais reçue)',
  'lab.stop': 'Arrêter',
  // The passphrase's strength.
  'passphrase.hint':
    'Quelques mots sans rapport entre eux résistent le mieux. Un nom, une date ou une expression connue sont devinés en premier.',
  'passphrase.estimate': 'Une seule carte graphique la devinerait en {time} environ.',
  'passphrase.estimateInstant': 'Une seule carte graphique la devinerait en moins d’une seconde.',
  'passphrase.estimateCentury': 'Une seule carte graphique mettrait plus d’un siècle à la deviner.',
  'passphrase.enough': 'Assez solide.',
  'passphrase.weak': 'C’est moins d’une journée. Ajoute quelques mots sans rapport entre eux.',
  'passphrase.leaked':
    'Elle figure sur les listes de mots de passe issus de fuites, que l’on essaie en premier.',
  'passphrase.refusedWeak':
    'Une seule carte graphique pourrait deviner cette phrase secrète en moins d’une journée. Ajoute quelques mots sans rapport entre eux.',
  'passphrase.refusedLeaked':
    'Cette phrase secrète figure sur les listes de mots de passe issus de fuites, que l’on essaie en premier. Choisis-en une autre.',
  'passphrase.unavailable':
    'La phrase secrète n’a pas pu être vérifiée pour l’instant. Rien n’a été modifié. Réessaie dans un instant.',
}

export default fr
