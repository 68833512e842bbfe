/** Português (Portugal). Written from the English (2026-11-27), awaiting a native speaker's review; see docs/translating.md. */
import type { Catalogue } from '../catalogue'

const ptPT: Catalogue = {
  'app.name': 'Unburden',
  'nav.void': 'O Vazio',
  'nav.return': 'Reencontrar-se',
  'nav.back': 'Voltar ao Unburden',
  'nav.screens': 'Ecrãs',
  'writer.heading': 'O que lhe pesa hoje?',
  'writer.label': 'O seu pensamento',
  'writer.placeholder': 'Escreva aqui o que está a pensar… Ninguém vai ver, a não ser que queira.',
  'writer.counter': '{n}/{max} caracteres',
  'writer.pasteCut': 'O texto colado foi cortado para caber no limite de {max} caracteres.',
  'writer.limit': 'Chegou ao limite de {max} caracteres.',
  'writer.ready': 'Já está',
  'writer.keyCtrl': 'Ctrl',
  'writer.keyEnter': 'Enter',
  'writer.failed': 'Algo correu mal. Tente novamente.',
  'writer.shared': 'Aqui estão as palavras que partilhou a partir de outra aplicação.',
  'help.link': 'Precisa de alguém com quem falar?',
  'error.title': 'Não foi possível abrir este ecrã',
  'error.text':
    'Da primeira vez, este ecrã pode precisar de ligação à internet. As suas palavras estão a salvo.',
  'error.retry': 'Tentar novamente',
  'home.return': 'Voltar ao início',
  'notFound.text': 'Ups! Página não encontrada',
  'choice.title': 'O que quer fazer com estas palavras?',
  'choice.letGo': 'Deixar partir',
  'choice.letGoSub': 'Já foi. Mas foi importante.',
  'choice.save': 'Guardar só para si',
  'choice.saveSub': 'Isto fica consigo.',
  'choice.offer': 'Oferecer ao Vazio',
  'choice.offerSub': 'Partilhe anonimamente.',
  'choice.cancel': 'Cancelar',
  'choice.saving': 'A guardar…',
  'choice.offering': 'A oferecer ao Vazio…',
  'choice.notSavedTitle': 'Não foi possível guardar',
  'choice.notSavedText':
    'O seu browser não conseguiu guardar isto (o armazenamento pode estar cheio ou desativado). As suas palavras continuam aqui.',
  'outcome.letGo': 'Já foi. Mas foi importante.',
  'outcome.saved': 'Guardado. Isto fica consigo.',
  'outcome.offered': 'Oferecido ao Vazio.',
  'outcome.held': 'À espera de seguir para o Vazio. Será oferecido quando voltar a estar online.',
  'outcome.failed': 'Algo correu mal. Tente novamente.',
  'privateEntries.publishTitle': 'Publicar no Vazio?',
  'privateEntries.publishText':
    'O seu pensamento vai ser publicado anonimamente no Vazio, para qualquer pessoa ler. Depois de publicado, não o poderá apagar. Quer mesmo partilhá-lo com o mundo?',
  'privateEntries.deleteTitle': 'Deixar partir este pensamento?',
  'privateEntries.deleteText':
    'O seu pensamento vai ser apagado para sempre. Não será possível recuperá-lo.',
  'privateEntries.publishedTitle': 'A sua coragem faz diferença',
  'privateEntries.publishedText':
    'Obrigado por partilhar algo tão pessoal com o mundo. As suas palavras podem tocar alguém que precise de as ouvir.',
  'privateEntries.heldTitle': 'À espera de seguir para o Vazio.',
  'privateEntries.heldText': 'Será oferecido quando voltar a estar online.',
  'privateEntries.failedTitle': 'Não foi possível publicar',
  'privateEntries.failedText': 'Ocorreu um erro ao publicar o seu pensamento. Tente novamente.',
  'handBack.keptTitle': 'Guardado só para si',
  'handBack.keptText': 'As suas palavras estão de novo em «Reencontrar-se».',
  'handBack.refusedTitle': 'O Vazio não pôde receber estas palavras',
  'handBack.refusedText': 'Estão de novo em «Reencontrar-se», a salvo no seu browser.',
  'void.title': 'O VAZIO',
  'void.loading': 'A carregar pensamentos…',
  'void.unreachable': 'Não foi possível aceder ao Vazio neste momento.',
  'void.staleNote':
    'Não foi possível aceder ao Vazio neste momento. A mostrar os pensamentos tal como estavam em {date}.',
  'void.errorText': 'Nada se perdeu. Verifique a sua ligação e tente novamente.',
  'void.retry': 'Tentar novamente',
  'void.emptyTitle': 'O Vazio está em silêncio.',
  'void.emptyText': 'Ainda ninguém partilhou nada.',
  'void.returnToWriter': 'Voltar ao Unburden',
  'void.heading': 'Pensamentos deixados no Vazio',
  'void.count': {
    one: '{n} pensamento • Anónimo',
    many: '{n} de pensamentos • Anónimos',
    other: '{n} pensamentos • Anónimos',
  },
  'void.newThoughts': {
    one: '{n} pensamento novo',
    many: '{n} de pensamentos novos',
    other: '{n} pensamentos novos',
  },
  'void.loadingMore': 'A carregar mais pensamentos…',
  'void.moreFailed': 'Não foi possível carregar mais pensamentos.',
  'void.footer':
    'Estes pensamentos vivem no Vazio, deixados aqui por almas que precisavam de os soltar.',
  'void.addYourVoice': 'Junte a sua voz',
  'card.square': 'Quadrado',
  'card.story': 'Story',
  'card.share': 'Partilhar',
  'card.report': 'Denunciar',
  'report.title': 'Denunciar este pensamento?',
  'report.text':
    'Se várias pessoas o denunciarem, fica oculto para toda a gente. Não é possível desfazer isto a partir daqui.',
  'report.confirm': 'Denunciar',
  'report.cancel': 'Cancelar',
  'share.copiedTitle': 'Copiado para a área de transferência',
  'share.copiedText': 'O pensamento está pronto a colar onde quiser.',
  'share.failedTitle': 'Não foi possível partilhar',
  'share.failedText': 'Este browser não permitiu partilhar nem copiar.',
  'share.imageFailedTitle': 'Não foi possível criar a imagem',
  'share.imageFailedText': 'Tente novamente.',
  'image.label': 'O   V A Z I O',
  'image.invitation': 'O que responderia?',
  'image.writeYours': 'Escreva o seu, anonimamente, em',
  'waiting.label': 'À espera de seguir para o Vazio',
  'waiting.keepPrivate': 'Guardar só para si',
  'privateEntries.title': 'Reencontrar-se',
  'privateEntries.emptyTitle': 'O seu refúgio está vazio.',
  'privateEntries.emptyText': 'Ainda não há nada guardado aqui.',
  'privateEntries.returnToWriter': 'Voltar ao Unburden',
  'privateEntries.heading': 'Os seus pensamentos guardados',
  'privateEntries.count': {
    one: '{n} registo • A salvo no seu browser',
    many: '{n} de registos • A salvo no seu browser',
    other: '{n} registos • A salvo no seu browser',
  },
  'privateEntries.addAnother': 'Escrever outro pensamento',
  'privateEntries.publish': 'Publicar no Vazio',
  'privateEntries.publishConfirm': 'Publicar',
  'privateEntries.letGo': 'Deixar partir',
  'privateEntries.cancel': 'Cancelar',
  'storage.unavailable':
    'Este browser não deixa o Unburden guardar nada, por isso os seus registos privados só ficam aqui enquanto este separador estiver aberto. Transfira uma cópia para não os perder.',
  'storage.full':
    'O armazenamento do seu browser está cheio, por isso as suas últimas alterações só ficam aqui enquanto este separador estiver aberto. Transfira uma cópia para não as perder.',
  'storage.backup':
    'Uma parte do que estava guardado aqui não pôde ser lida. Foi guardada em separado, intacta, neste browser (em «{key}»).',
  'copy.title': 'Guardar uma cópia',
  'copy.text':
    'Os seus registos privados ficam só neste browser. Uma cópia é um ficheiro que fica consigo.',
  'copy.persistNote':
    'Este browser não se comprometeu a mantê-los: pode apagá-los se ficar sem espaço.',
  'copy.download': 'Transferir uma cópia',
  'copy.downloadEncrypted': 'Transferir uma cópia encriptada',
  'copy.restore': 'Restaurar a partir de uma cópia',
  'copy.fileLabel': 'Cópia dos seus registos privados',
  'copy.restoredTitle': 'Cópia restaurada',
  'copy.nothingNew': 'Nada de novo: todos os registos desta cópia já estão aqui.',
  'copy.added': {
    one: '{n} registo foi adicionado.',
    many: '{n} de registos foram adicionados.',
    other: '{n} registos foram adicionados.',
  },
  'copy.notStored':
    ' O seu browser não conseguiu guardá-los, por isso só ficam aqui enquanto este separador estiver aberto.',
  'copy.notACopy': 'Este ficheiro não é uma cópia dos seus registos privados. Nada foi alterado.',
  'copy.damaged':
    'Esta cópia está danificada: alguns registos não podem ser lidos. Nada foi alterado.',
  'lock.forgotten':
    'Uma frase-passe esquecida não pode ser recuperada, e os registos que ela protege também não.',
  'lock.forgottenCopy':
    'Uma frase-passe esquecida não pode ser recuperada, e a cópia que ela protege também não.',
  'lock.tooShort': 'Escolha uma frase-passe com pelo menos {min} caracteres.',
  'lock.different': 'As duas frases-passe não são iguais.',
  'lock.wrong': 'Essa frase-passe não abre os seus registos. Com calma, tente novamente.',
  'lock.unreadable':
    'Não é possível ler os seus registos bloqueados: o que foi guardado está danificado ou incompleto. Nada foi alterado.',
  'lock.copyUnreadable':
    'Não é possível ler esta cópia: o que foi guardado nela está danificado ou incompleto. Nada foi alterado.',
  'lock.storage': 'O seu browser não conseguiu guardar isto, por isso nada foi alterado.',
  'lock.lockedHeading': 'Os seus registos estão bloqueados',
  'lock.lockedNote':
    'Enquanto estão bloqueados, pode continuar a guardar pensamentos novos. Só com a sua frase-passe é possível lê-los.',
  'lock.passphrase': 'Frase-passe',
  'lock.unlock': 'Desbloquear',
  'lock.unlocking': 'A desbloquear…',
  'lock.title': 'Bloqueio',
  'lock.offText':
    'Uma frase-passe pode bloquear os seus registos privados, para que mais ninguém os possa ler neste dispositivo.',
  'lock.turnOn': 'Bloquear os meus registos',
  'lock.onText':
    'Os seus registos estão protegidos pela sua frase-passe e, por agora, abertos neste browser.',
  'lock.now': 'Bloquear agora',
  'lock.change': 'Alterar a frase-passe',
  'lock.remove': 'Remover o bloqueio',
  'lock.after': 'Bloquear de novo quando a aplicação ficar oculta durante',
  'lock.minutes': { one: '{n} minuto', many: '{n} de minutos', other: '{n} minutos' },
  'lock.chooseText': 'Escolha uma frase-passe para os bloquear.',
  'lock.again': 'Repita a frase-passe',
  'lock.locking': 'A bloquear…',
  'lock.lockedToastText':
    'Só a sua frase-passe abre estes registos. Pode continuar a guardar pensamentos novos.',
  'lock.copyFirst': 'Talvez queira uma cópia primeiro.',
  'lock.copyFirstButton': 'Transferir uma cópia primeiro',
  'lock.current': 'Frase-passe atual',
  'lock.new': 'Nova frase-passe',
  'lock.newAgain': 'Repita a nova frase-passe',
  'lock.changing': 'A alterar…',
  'lock.changed': 'A frase-passe foi alterada',
  'lock.removeText':
    'Os seus registos voltarão a ficar guardados neste browser como texto simples, sem encriptação.',
  'lock.removing': 'A remover…',
  'lock.copyTitle': 'Transferir uma cópia encriptada',
  'lock.copyChoose': 'Escolha uma frase-passe para esta cópia: a mesma do bloqueio ou outra.',
  'lock.copyPassphrase': 'Frase-passe da cópia',
  'lock.download': 'Transferir',
  'lock.encrypting': 'A encriptar…',
  'lock.restoreTitle': 'Restaurar uma cópia encriptada',
  'lock.restoreText':
    'Esta cópia está encriptada e só abre com a frase-passe dela. Nada é alterado antes disso.',
  'lock.restorePassphrase': 'Frase-passe da cópia',
  'lock.restore': 'Restaurar',
  'lock.opening': 'A abrir…',
  'lock.copyWrong': 'Essa frase-passe não abre esta cópia. Com calma, tente novamente.',
  // What an unlock found changed or damaged (src/i18n/messages/lock.ts).
  'lockProblem.keyChanged':
    'Alguém trocou a chave do seu bloqueio neste dispositivo. Os pensamentos que guardou desde então, enquanto os seus registos estavam bloqueados, podem ter ficado legíveis para essa pessoa. A chave já foi reposta.',
  'lockProblem.sealRefused':
    'A chave do seu bloqueio neste dispositivo foi trocada, por isso o Unburden não guardou o seu novo pensamento com ela. Desbloqueie os seus registos para repor a chave; nada mais foi alterado.',
  'lockProblem.damaged': {
    one: '{n} item guardado está danificado e não pode ser lido. Foi mantido tal como está; tudo o resto está aqui.',
    many: '{n} de itens guardados estão danificados e não podem ser lidos. Foram mantidos tal como estão; tudo o resto está aqui.',
    other:
      '{n} itens guardados estão danificados e não podem ser lidos. Foram mantidos tal como estão; tudo o resto está aqui.',
  },
  'lockProblem.missing': {
    one: 'Falta {n} item guardado: foi removido do armazenamento deste browser sem passar pelo Unburden.',
    many: 'Faltam {n} de itens guardados: foram removidos do armazenamento deste browser sem passar pelo Unburden.',
    other:
      'Faltam {n} itens guardados: foram removidos do armazenamento deste browser sem passar pelo Unburden.',
  },
  'lockProblem.listDamaged':
    'A lista dos seus registos está danificada, por isso o Unburden não consegue saber se falta algum. Tudo o que foi possível ler está aqui.',
  'lockProblem.vaultMissing':
    'Os seus registos bloqueados já não estão no armazenamento deste browser: foram apagados sem passar pelo Unburden. Por isso, o seu novo pensamento não foi guardado sem encriptação, onde alguém o poderia ler.',
  'lockProblem.foundUnlocked': {
    one: 'Foi encontrado {n} registo sem bloqueio junto dos seus registos bloqueados (deixado por um bloqueio interrompido, ou escrito enquanto o bloqueio faltava). Alguém pode tê-lo lido; agora está bloqueado.',
    many: 'Foram encontrados {n} de registos sem bloqueio junto dos seus registos bloqueados (deixados por um bloqueio interrompido, ou escritos enquanto o bloqueio faltava). Alguém pode tê-los lido; agora estão bloqueados.',
    other:
      'Foram encontrados {n} registos sem bloqueio junto dos seus registos bloqueados (deixados por um bloqueio interrompido, ou escritos enquanto o bloqueio faltava). Alguém pode tê-los lido; agora estão bloqueados.',
  },
  'lockFirst.note':
    'Bloqueie-os agora, antes do seu primeiro pensamento privado, e nada do que guardar será alguma vez escrito de forma legível, nem sequer nos ficheiros do próprio browser.',
  'help.title': 'Fale com alguém',
  'help.intro':
    'Quando tudo pesa, falar pode ajudar. Quem atende estas linhas está lá para escutar, seja o que for.',
  'help.why': 'Aparece primeiro por causa do idioma e do fuso horário do seu browser.',
  'help.emergency': 'Em caso de emergência',
  'help.elsewhere': 'Noutros países',
  'help.directoryAbout': '{name}: linhas de apoio gratuitas e confidenciais, país a país.',
  'help.findLine': 'Encontre uma linha de apoio no seu país',
  'help.openDirectory': 'Abrir a lista',
  'help.needsNetwork': 'É um site: precisa de ligação à internet.',
  'help.danger':
    'Se estiver em perigo neste momento, ligue para o número de emergência do sítio onde está.',
  'help.call': 'Ligar para {number}',
  'help.text': 'Enviar SMS para {number}',
  'line.us': 'Pessoas com formação, dia e noite, para qualquer tipo de sofrimento emocional.',
  'line.ca': 'Pessoas com formação, dia e noite, em inglês e francês.',
  'line.qc':
    'A linha de prevenção do suicídio do próprio Quebeque, dia e noite, por chamada ou SMS.',
  'line.samaritans': 'Alguém para ouvir, dia e noite. Chamada gratuita de qualquer telefone.',
  'line.au': 'Apoio em momentos de crise, dia e noite, por chamada ou SMS.',
  'line.de': 'Anónima e gratuita, dia e noite, a partir da rede fixa ou do telemóvel.',
  'line.at':
    'Alguém para ouvir, de forma confidencial e gratuita, dia e noite, a partir de qualquer telefone.',
  'line.ch': 'Alguém para ouvir, dia e noite, na Suíça e no Liechtenstein.',
  'line.youth': 'Para crianças e jovens: gratuita e confidencial, dia e noite.',
  'line.es':
    'A linha nacional para quem pensa em suicídio e para os seus familiares e amigos: gratuita, confidencial, dia e noite.',
  'line.br':
    'Voluntários que escutam, com confidencialidade, dia e noite. Chamada gratuita de qualquer telefone.',
  'line.pt': 'Psicólogos da linha nacional de saúde, dia e noite: ligue e escolha a opção 4.',
  'line.fr':
    'A linha nacional de prevenção do suicídio, atendida por profissionais de saúde, para quem está em sofrimento e para os seus familiares e amigos: gratuita, confidencial, dia e noite.',
  'line.be':
    'Uma linha de escuta para quem tem pensamentos suicidas, em francês: anónima, gratuita, dia e noite.',
  'line.beNl':
    'Uma linha de escuta para quem tem pensamentos suicidas, em neerlandês: gratuita, dia e noite.',
  'line.cn': 'A linha nacional de apoio psicológico: a chamada é encaminhada para a linha local.',
  'line.hk': 'A linha de apoio à saúde mental do governo, com atendimento dia e noite.',
  'line.hkSamaritans': 'Alguém para ouvir, com confidencialidade, dia e noite, em várias línguas.',
  'line.lb':
    'A linha nacional de apoio emocional e prevenção do suicídio, em árabe, inglês e francês.',
  'offline.line': 'Está offline — as suas palavras estão a salvo aqui',
  'offline.waiting': {
    one: ' · {n} pensamento à espera de envio',
    many: ' · {n} de pensamentos à espera de envio',
    other: ' · {n} pensamentos à espera de envio',
  },
  'update.ready': 'Há uma nova versão pronta',
  'update.deferred':
    'Há uma nova versão pronta. Vai ser carregada depois de decidir o que fazer com as suas palavras.',
  'update.reload': 'Recarregar',
  'update.region': 'Atualização',
  'install.button': 'Instalar',
  'install.hint':
    'Para instalar o Unburden, escolha «Adicionar ao ecrã principal» no menu «Partilhar».',
  'install.dismiss': 'Fechar a sugestão de instalação',
  'toasts.region': 'Notificações',
  'toasts.dismiss': 'Fechar',
  'language.label': 'Idioma',
  'lab.simulating': 'Laboratório de rede: a simular {mode} nos pedidos desta aplicação ao Vazio.',
  'lab.offline': 'falta de ligação',
  'lab.503': '503 do servidor',
  'lab.lostAnswer': 'respostas perdidas (pedido enviado, resposta descartada)',
  'lab.stop': 'Parar',
  // The passphrase's strength.
  'passphrase.hint':
    'Algumas palavras sem relação entre si são o que melhor resiste. Um nome, uma data ou uma expressão conhecida são adivinhados primeiro.',
  'passphrase.estimate': 'Uma única placa gráfica levaria cerca de {time} a adivinhá-la.',
  'passphrase.estimateInstant':
    'Uma única placa gráfica levaria menos de um segundo a adivinhá-la.',
  'passphrase.estimateCentury': 'Uma única placa gráfica levaria mais de um século a adivinhá-la.',
  'passphrase.enough': 'Suficientemente forte.',
  'passphrase.weak': 'Isso é menos de um dia. Acrescente algumas palavras sem relação entre si.',
  'passphrase.leaked':
    'Está nas listas de palavras-passe divulgadas em fugas de dados, que são experimentadas primeiro.',
  'passphrase.refusedWeak':
    'Uma única placa gráfica conseguiria adivinhar esta frase-passe em menos de um dia. Acrescente algumas palavras sem relação entre si.',
  'passphrase.refusedLeaked':
    'Esta frase-passe está nas listas de palavras-passe divulgadas em fugas de dados, que são experimentadas primeiro. Escolha outra.',
  'passphrase.unavailable':
    'Não foi possível verificar a frase-passe neste momento. Nada foi alterado. Tente novamente daqui a pouco.',
}

export default ptPT
