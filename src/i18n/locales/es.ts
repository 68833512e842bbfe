/** Español. Revised after a native-reader review (2026-11-27); see docs/translating.md. */
import type { Catalogue } from '../catalogue'

const es: Catalogue = {
  'app.name': 'Unburden',
  'nav.void': 'El Vacío',
  'nav.return': 'Vuelve a ti',
  'nav.back': 'Volver a Unburden',
  'nav.screens': 'Pantallas',
  'writer.heading': '¿Qué te pesa hoy?',
  'writer.label': 'Tu pensamiento',
  'writer.placeholder': 'Escribe aquí lo que piensas… Nadie lo verá si tú no quieres.',
  'writer.counter': '{n}/{max} caracteres',
  'writer.pasteCut':
    'El texto pegado se ha recortado para no pasar del límite de {max} caracteres.',
  'writer.limit': 'Has llegado al límite de {max} caracteres.',
  'writer.ready': 'Ya está',
  'writer.keyCtrl': 'Ctrl',
  'writer.keyEnter': 'Enter',
  'writer.failed': 'Algo salió mal. Inténtalo de nuevo.',
  'writer.shared': 'Aquí están las palabras que compartiste desde otra app.',
  'help.link': '¿Necesitas hablar con alguien?',
  'error.title': 'No se pudo abrir esta pantalla',
  'error.text': 'Puede que la primera vez haga falta conexión. Tus palabras están a salvo.',
  'error.retry': 'Intentar de nuevo',
  'home.return': 'Volver al inicio',
  'notFound.text': '¡Vaya! Página no encontrada',
  'choice.title': '¿Qué quieres hacer con estas palabras?',
  'choice.letGo': 'Dejarlo ir',
  'choice.letGoSub': 'Ya pasó. Pero importaba.',
  'choice.save': 'Guardarlo en privado',
  'choice.saveSub': 'Esto se queda contigo.',
  'choice.offer': 'Ofrecerlo al Vacío',
  'choice.offerSub': 'Compártelo sin tu nombre.',
  'choice.cancel': 'Cancelar',
  'choice.saving': 'Guardando…',
  'choice.offering': 'Enviando al Vacío…',
  'choice.notSavedTitle': 'No se guardó',
  'choice.notSavedText':
    'Tu navegador no pudo guardarlo (puede que su almacenamiento esté lleno o desactivado). Tus palabras siguen aquí.',
  'outcome.letGo': 'Ya pasó. Pero importaba.',
  'outcome.saved': 'Guardado. Esto se queda contigo.',
  'outcome.offered': 'Ofrecido al Vacío.',
  'outcome.held': 'Pendiente de enviar al Vacío. Saldrá en cuanto vuelvas a tener conexión.',
  'outcome.failed': 'Algo salió mal. Inténtalo de nuevo.',
  'privateEntries.publishTitle': '¿Publicar en el Vacío?',
  'privateEntries.publishText':
    'Tu pensamiento se publicará de forma anónima en el Vacío y cualquiera podrá leerlo. Una vez publicado, ya no podrás borrarlo. ¿Quieres compartirlo con el mundo?',
  'privateEntries.deleteTitle': '¿Dejar ir este pensamiento?',
  'privateEntries.deleteText': 'Tu pensamiento se borrará para siempre. No se podrá recuperar.',
  'privateEntries.publishedTitle': 'Tu valentía importa',
  'privateEntries.publishedText':
    'Gracias por compartir algo tan personal con el mundo. Tus palabras pueden llegar a alguien que necesite oírlas.',
  'privateEntries.heldTitle': 'Pendiente de enviar al Vacío.',
  'privateEntries.heldText': 'Saldrá en cuanto vuelvas a tener conexión.',
  'privateEntries.failedTitle': 'No se pudo publicar',
  'privateEntries.failedText': 'Hubo un error al publicar tu pensamiento. Inténtalo de nuevo.',
  'handBack.keptTitle': 'Guardado en privado',
  'handBack.keptText': 'Tus palabras están de nuevo en «Vuelve a ti».',
  'handBack.refusedTitle': 'El Vacío no pudo recibir estas palabras',
  'handBack.refusedText': 'Están de nuevo en «Vuelve a ti», a salvo en tu navegador.',
  'void.title': 'EL VACÍO',
  'void.loading': 'Cargando pensamientos…',
  'void.unreachable': 'Ahora mismo no hay conexión con el Vacío.',
  'void.staleNote':
    'Ahora mismo no hay conexión con el Vacío. Estos son los pensamientos tal como estaban el {date}.',
  'void.errorText': 'No se ha perdido nada. Revisa tu conexión e inténtalo de nuevo.',
  'void.retry': 'Reintentar',
  'void.emptyTitle': 'El Vacío está en silencio.',
  'void.emptyText': 'Todavía nadie ha compartido nada.',
  'void.returnToWriter': 'Volver a Unburden',
  'void.heading': 'Pensamientos liberados en el Vacío',
  'void.count': {
    one: '{n} pensamiento • Anónimo',
    many: '{n} de pensamientos • Anónimos',
    other: '{n} pensamientos • Anónimos',
  },
  'void.newThoughts': {
    one: '{n} pensamiento nuevo',
    many: '{n} de pensamientos nuevos',
    other: '{n} pensamientos nuevos',
  },
  'void.loadingMore': 'Cargando más pensamientos…',
  'void.moreFailed': 'No se pudieron cargar más pensamientos.',
  'void.footer':
    'Estos pensamientos viven en el Vacío. Los compartieron almas que necesitaban soltarlos.',
  'void.addYourVoice': 'Escribe tú también',
  'card.square': 'Cuadrado',
  'card.story': 'Historia',
  'card.share': 'Compartir',
  'card.report': 'Reportar',
  'report.title': '¿Reportar este pensamiento?',
  'report.text':
    'Si varias personas lo reportan, se ocultará para todo el mundo. Esto no se puede deshacer desde aquí.',
  'report.confirm': 'Reportar',
  'report.cancel': 'Cancelar',
  'share.copiedTitle': 'Copiado al portapapeles',
  'share.copiedText': 'El pensamiento está listo para pegarlo donde quieras.',
  'share.failedTitle': 'No se pudo compartir',
  'share.failedText': 'Este navegador no permitió compartir ni copiar.',
  'share.imageFailedTitle': 'No se pudo crear la imagen',
  'share.imageFailedText': 'Inténtalo de nuevo.',
  'image.label': 'E L   V A C Í O',
  'image.invitation': '¿Qué le responderías?',
  'image.writeYours': 'Escribe el tuyo, de forma anónima, en',
  'waiting.label': 'Por enviar al Vacío',
  'waiting.keepPrivate': 'Guardarlo en privado',
  'privateEntries.title': 'Vuelve a ti',
  'privateEntries.emptyTitle': 'Tu refugio está vacío.',
  'privateEntries.emptyText': 'Todavía no has guardado nada en privado.',
  'privateEntries.returnToWriter': 'Volver a Unburden',
  'privateEntries.heading': 'Tus pensamientos privados',
  'privateEntries.count': {
    one: '{n} entrada • A salvo en tu navegador',
    many: '{n} de entradas • A salvo en tu navegador',
    other: '{n} entradas • A salvo en tu navegador',
  },
  'privateEntries.addAnother': 'Escribir otro pensamiento',
  'privateEntries.publish': 'Publicar en el Vacío',
  'privateEntries.publishConfirm': 'Publicar',
  'privateEntries.letGo': 'Dejarlo ir',
  'privateEntries.cancel': 'Cancelar',
  'storage.unavailable':
    'Este navegador no deja que Unburden guarde nada, así que tus entradas privadas solo se conservarán mientras esta pestaña siga abierta. Descarga una copia para no perderlas.',
  'storage.full':
    'El almacenamiento de tu navegador está lleno, así que tus últimos cambios solo se conservarán mientras esta pestaña siga abierta. Descarga una copia para ponerlos a salvo.',
  'storage.backup':
    'Parte de lo que estaba guardado aquí no se pudo leer. Se ha dejado aparte, intacto, en este navegador (en «{key}»).',
  'copy.title': 'Guardar una copia',
  'copy.text':
    'Tus entradas privadas solo existen en este navegador. Una copia es un archivo que guardas tú.',
  'copy.persistNote':
    'Este navegador no garantiza que vaya a conservarlas: podría borrarlas si se queda sin espacio.',
  'copy.download': 'Descargar una copia',
  'copy.downloadEncrypted': 'Descargar una copia cifrada',
  'copy.restore': 'Restaurar desde una copia',
  'copy.fileLabel': 'Copia de tus entradas privadas',
  'copy.restoredTitle': 'Copia restaurada',
  'copy.nothingNew': 'Nada nuevo: todas las entradas de esta copia ya están aquí.',
  'copy.added': {
    one: 'Se añadió {n} entrada.',
    many: 'Se añadieron {n} de entradas.',
    other: 'Se añadieron {n} entradas.',
  },
  'copy.notStored':
    ' Tu navegador no pudo guardarlas, así que solo se conservarán mientras esta pestaña siga abierta.',
  'copy.notACopy': 'Este archivo no es una copia de tus entradas privadas. No se ha cambiado nada.',
  'copy.damaged':
    'Esta copia está dañada: algunas de sus entradas no se pueden leer. No se ha cambiado nada.',
  'lock.forgotten':
    'Una frase de contraseña olvidada no se puede recuperar, y tampoco las entradas que bloquea.',
  'lock.forgottenCopy':
    'Una frase de contraseña olvidada no se puede recuperar, y tampoco la copia que bloquea.',
  'lock.tooShort': 'Elige una frase de contraseña de al menos {min} caracteres.',
  'lock.different': 'Las dos frases de contraseña no coinciden.',
  'lock.wrong':
    'Esa frase de contraseña no abre tus entradas. Tómate tu tiempo e inténtalo de nuevo.',
  'lock.unreadable':
    'No se pueden leer tus entradas bloqueadas: lo guardado está dañado o incompleto. No se ha cambiado nada.',
  'lock.copyUnreadable':
    'No se puede leer esta copia: lo guardado está dañado o incompleto. No se ha cambiado nada.',
  'lock.storage': 'Tu navegador no pudo guardar esto, así que no se ha cambiado nada.',
  'lock.lockedHeading': 'Tus entradas están bloqueadas',
  'lock.lockedNote':
    'Puedes seguir guardando pensamientos nuevos en privado mientras están bloqueadas. Solo se pueden leer con tu frase de contraseña.',
  'lock.passphrase': 'Frase de contraseña',
  'lock.unlock': 'Desbloquear',
  'lock.unlocking': 'Desbloqueando…',
  'lock.title': 'Bloqueo',
  'lock.offText':
    'Una frase de contraseña puede bloquear tus entradas privadas, para que solo tú puedas leerlas en este dispositivo.',
  'lock.turnOn': 'Bloquear mis entradas',
  'lock.onText':
    'Tus entradas están protegidas con tu frase de contraseña. Por ahora, están desbloqueadas en este navegador.',
  'lock.now': 'Bloquear ahora',
  'lock.change': 'Cambiar la frase de contraseña',
  'lock.remove': 'Quitar el bloqueo',
  'lock.after': 'Volver a bloquear cuando la app lleve oculta',
  'lock.minutes': { one: '{n} minuto', many: '{n} de minutos', other: '{n} minutos' },
  'lock.chooseText': 'Elige una frase de contraseña para bloquearlas.',
  'lock.again': 'Repite la frase de contraseña',
  'lock.locking': 'Bloqueando…',
  'lock.lockedToastText':
    'Solo tu frase de contraseña las abre. Aún puedes guardar pensamientos nuevos.',
  'lock.copyFirst': 'Quizá quieras descargar una copia antes.',
  'lock.copyFirstButton': 'Descargar una copia antes',
  'lock.current': 'Frase de contraseña actual',
  'lock.new': 'Nueva frase de contraseña',
  'lock.newAgain': 'Repite la nueva frase de contraseña',
  'lock.changing': 'Cambiando…',
  'lock.changed': 'Frase de contraseña cambiada',
  'lock.removeText': 'Tus entradas volverán a guardarse en este navegador como texto sin cifrar.',
  'lock.removing': 'Quitando…',
  'lock.copyTitle': 'Descargar una copia cifrada',
  'lock.copyChoose': 'Elige una frase de contraseña para esta copia: la de tu bloqueo u otra.',
  'lock.copyPassphrase': 'Frase de contraseña de la copia',
  'lock.download': 'Descargar',
  'lock.encrypting': 'Cifrando…',
  'lock.restoreTitle': 'Restaurar una copia cifrada',
  'lock.restoreText':
    'Esta copia está cifrada. Se abre con su frase de contraseña; hasta entonces, no se cambia nada.',
  'lock.restorePassphrase': 'Frase de contraseña de la copia',
  'lock.restore': 'Restaurar',
  'lock.opening': 'Abriendo…',
  'lock.copyWrong':
    'Esa frase de contraseña no abre esta copia. Tómate tu tiempo e inténtalo de nuevo.',
  // What an unlock found changed or damaged (src/i18n/messages/lock.ts).
  'lockProblem.keyChanged':
    'Alguien ha cambiado la clave de tu bloqueo en este dispositivo. Es posible que esa persona haya podido leer los pensamientos que guardaste desde entonces mientras tus entradas estaban bloqueadas. La clave ya se ha restablecido.',
  'lockProblem.sealRefused':
    'Se ha cambiado la clave de tu bloqueo en este dispositivo, así que Unburden no ha guardado tu nuevo pensamiento con ella. Desbloquea tus entradas para restablecer la clave; no se ha cambiado nada más.',
  'lockProblem.damaged': {
    one: '{n} elemento guardado está dañado y no se puede leer. Se conserva tal cual; todo lo demás está aquí.',
    many: '{n} de elementos guardados están dañados y no se pueden leer. Se conservan tal cual; todo lo demás está aquí.',
    other:
      '{n} elementos guardados están dañados y no se pueden leer. Se conservan tal cual; todo lo demás está aquí.',
  },
  'lockProblem.missing': {
    one: 'Falta {n} elemento guardado: se borró del almacenamiento de este navegador sin pasar por Unburden.',
    many: 'Faltan {n} de elementos guardados: se borraron del almacenamiento de este navegador sin pasar por Unburden.',
    other:
      'Faltan {n} elementos guardados: se borraron del almacenamiento de este navegador sin pasar por Unburden.',
  },
  'lockProblem.listDamaged':
    'La lista de tus entradas está dañada, así que Unburden no puede saber si falta alguna. Todo lo que se ha podido leer está aquí.',
  'lockProblem.vaultMissing':
    'Tus entradas bloqueadas ya no están en el almacenamiento de este navegador: se borraron sin pasar por Unburden. Por eso tu nuevo pensamiento no se ha guardado sin cifrar, donde alguien podría leerlo.',
  'lockProblem.foundUnlocked': {
    one: 'Se encontró {n} entrada guardada sin bloqueo junto a tus entradas bloqueadas (de un bloqueo interrumpido, o escrita mientras faltaba el bloqueo). Puede que alguien la haya leído; ahora está bloqueada.',
    many: 'Se encontraron {n} de entradas guardadas sin bloqueo junto a tus entradas bloqueadas (de un bloqueo interrumpido, o escritas mientras faltaba el bloqueo). Puede que alguien las haya leído; ahora están bloqueadas.',
    other:
      'Se encontraron {n} entradas guardadas sin bloqueo junto a tus entradas bloqueadas (de un bloqueo interrumpido, o escritas mientras faltaba el bloqueo). Puede que alguien las haya leído; ahora están bloqueadas.',
  },
  'lockFirst.note':
    'Si las bloqueas ahora, antes de tu primer pensamiento privado, nada de lo que guardes se escribirá nunca de forma legible, ni siquiera en los archivos del propio navegador.',
  'help.title': 'Habla con alguien',
  'help.intro':
    'Cuando todo pesa, hablar puede ayudar. Al otro lado de la línea hay personas dispuestas a escucharte, pases por lo que pases.',
  'help.why': 'Aparece primero según el idioma y la zona horaria de tu navegador.',
  'help.emergency': 'En caso de emergencia',
  'help.elsewhere': 'En otros países',
  'help.directoryAbout': '{name}: líneas de ayuda gratuitas y confidenciales, país por país.',
  'help.findLine': 'Encuentra una línea de ayuda en tu país',
  'help.openDirectory': 'Abrir el directorio',
  'help.needsNetwork': 'Es un sitio web: necesita conexión a internet.',
  'help.danger': 'Si ahora mismo estás en peligro, llama al número de emergencias de tu zona.',
  'help.call': 'Llamar al {number}',
  'help.text': 'Enviar un SMS al {number}',
  'line.us':
    'Personal capacitado, de día y de noche, para cualquier tipo de malestar emocional. En español: al llamar, marca el 2; por SMS, escribe AYUDA.',
  'line.ca': 'Personal capacitado, de día y de noche, en inglés y en francés.',
  'line.qc': 'La línea de prevención del suicidio de Quebec, de día y de noche, por llamada o SMS.',
  'line.samaritans': 'Alguien que te escucha, de día y de noche. Gratis desde cualquier teléfono.',
  'line.au': 'Acompañamiento en crisis, de día y de noche, por llamada o SMS.',
  'line.de': 'Anónima y gratuita, de día y de noche, desde cualquier teléfono.',
  'line.at':
    'Alguien que te escucha, de forma confidencial y gratuita, de día y de noche, desde cualquier teléfono.',
  'line.ch': 'Alguien que te escucha, de día y de noche, en Suiza y Liechtenstein.',
  'line.youth': 'Para niños y jóvenes: gratuita y confidencial, de día y de noche.',
  'line.es':
    'La línea nacional para quien piensa en el suicidio y para sus allegados: gratuita, confidencial, de día y de noche.',
  'line.br':
    'Voluntarios que te escuchan, de forma confidencial, de día y de noche. Gratis desde cualquier teléfono.',
  'line.pt':
    'Psicólogos de la línea nacional de salud, de día y de noche: llama y elige la opción 4.',
  'line.fr':
    'La línea nacional de prevención del suicidio, atendida por profesionales de la salud, para quien lo está pasando mal y para sus allegados: gratuita, confidencial, de día y de noche.',
  'line.be':
    'Una línea de escucha para quien piensa en el suicidio, en francés: anónima, gratuita, de día y de noche.',
  'line.beNl':
    'Una línea de escucha para quien piensa en el suicidio, en neerlandés: gratuita, de día y de noche.',
  'line.cn': 'La línea nacional de ayuda psicológica: cada llamada se atiende en la línea local.',
  'line.hk': 'La línea de apoyo en salud mental del Gobierno, atendida de día y de noche.',
  'line.hkSamaritans':
    'Alguien que te escucha, de forma confidencial, de día y de noche, en varios idiomas.',
  'line.lb':
    'La línea nacional de apoyo emocional y prevención del suicidio, en árabe, inglés y francés.',
  'offline.line': 'Estás sin conexión: tus palabras están a salvo aquí',
  'offline.waiting': {
    one: ' · {n} pensamiento por enviar',
    many: ' · {n} de pensamientos por enviar',
    other: ' · {n} pensamientos por enviar',
  },
  'update.ready': 'Hay una nueva versión lista',
  'update.deferred':
    'Hay una nueva versión lista. Se cargará cuando hayas decidido qué hacer con tus palabras.',
  'update.reload': 'Recargar',
  'update.region': 'Actualización',
  'install.button': 'Instalar',
  'install.hint':
    'Para instalar Unburden, abre el menú Compartir y elige la opción de añadirlo a la pantalla de inicio.',
  'install.dismiss': 'Cerrar el aviso de instalación',
  'toasts.region': 'Notificaciones',
  'toasts.dismiss': 'Cerrar',
  'language.label': 'Idioma',
  'lab.simulating': 'Laboratorio de red: simulando {mode} en las peticiones de esta app al Vacío.',
  'lab.offline': 'falta de conexión',
  'lab.503': '503 desde el servidor',
  'lab.lostAnswer': 'respuestas perdidas (enviado, respuesta descartada)',
  'lab.stop': 'Detener',
  // The passphrase's strength.
  'passphrase.hint':
    'Lo que mejor resiste son unas cuantas palabras sin relación entre sí. Un nombre, una fecha o una frase conocida se adivinan primero.',
  'passphrase.estimate': 'Una sola tarjeta gráfica la adivinaría en aproximadamente {time}.',
  'passphrase.estimateInstant': 'Una sola tarjeta gráfica la adivinaría en menos de un segundo.',
  'passphrase.estimateCentury':
    'Una sola tarjeta gráfica necesitaría más de un siglo para adivinarla.',
  'passphrase.enough': 'Es lo bastante fuerte.',
  'passphrase.weak': 'Eso es menos de un día. Añade unas cuantas palabras sin relación entre sí.',
  'passphrase.leaked': 'Está en las listas de contraseñas filtradas que se prueban primero.',
  'passphrase.refusedWeak':
    'Una sola tarjeta gráfica podría adivinar esta frase de contraseña en menos de un día. Añade unas cuantas palabras sin relación entre sí.',
  'passphrase.refusedLeaked':
    'Esta frase de contraseña está en las listas de contraseñas filtradas que se prueban primero. Elige otra.',
  'passphrase.unavailable':
    'No se ha podido comprobar la frase de contraseña ahora mismo. No se ha cambiado nada. Vuelve a intentarlo en un momento.',
}

export default es
