/** Português (Brasil). Revised after a native-reader review (2026-11-27); see docs/translating.md. */
import type { Catalogue } from '../catalogue'

const ptBR: Catalogue = {
  'app.name': 'Unburden',
  'nav.void': 'O Vazio',
  'nav.return': 'Volte para você',
  'nav.back': 'Voltar para o Unburden',
  'nav.screens': 'Telas',
  'writer.heading': 'O que está pesando em você hoje?',
  'writer.label': 'Seu pensamento',
  'writer.placeholder':
    'Escreva aqui o que está pensando… Ninguém vai ver, a não ser que você queira.',
  'writer.counter': '{n}/{max} caracteres',
  'writer.pasteCut': 'O texto colado foi cortado para caber no limite de {max} caracteres.',
  'writer.limit': 'Você chegou ao limite de {max} caracteres.',
  'writer.ready': 'Pronto',
  'writer.keyCtrl': 'Ctrl',
  'writer.keyEnter': 'Enter',
  'writer.failed': 'Algo deu errado. Tente de novo.',
  'writer.shared': 'Aqui estão as palavras que você compartilhou de outro app.',
  'help.link': 'Precisa de alguém para conversar?',
  'error.title': 'Não foi possível abrir esta tela',
  'error.text':
    'Na primeira vez, ela pode precisar de conexão com a internet. Suas palavras estão a salvo.',
  'error.retry': 'Tentar de novo',
  'home.return': 'Voltar ao início',
  'notFound.text': 'Ops! Página não encontrada',
  'choice.title': 'O que você quer fazer com essas palavras?',
  'choice.letGo': 'Deixar ir',
  'choice.letGoSub': 'Já foi. Mas foi importante.',
  'choice.save': 'Guardar só para você',
  'choice.saveSub': 'Isso fica com você.',
  'choice.offer': 'Oferecer ao Vazio',
  'choice.offerSub': 'Outros vão ler, sem seu nome.',
  'choice.cancel': 'Cancelar',
  'choice.saving': 'Guardando…',
  'choice.offering': 'Oferecendo ao Vazio…',
  'choice.notSavedTitle': 'Não foi possível guardar',
  'choice.notSavedText':
    'Seu navegador não conseguiu guardar isso (o armazenamento pode estar cheio ou desativado). Suas palavras continuam aqui.',
  'outcome.letGo': 'Já foi. Mas foi importante.',
  'outcome.saved': 'Guardado. Isso fica com você.',
  'outcome.offered': 'Oferecido ao Vazio.',
  'outcome.held': 'Na fila para o Vazio. Será oferecido quando você estiver on-line de novo.',
  'outcome.failed': 'Algo deu errado. Tente de novo.',
  'privateEntries.publishTitle': 'Publicar no Vazio?',
  'privateEntries.publishText':
    'Seu pensamento será publicado anonimamente no Vazio, para qualquer pessoa ler. Depois de publicado, você não vai poder apagá-lo. Quer mesmo compartilhar isso com o mundo?',
  'privateEntries.deleteTitle': 'Deixar ir este pensamento?',
  'privateEntries.deleteText':
    'Seu pensamento será apagado para sempre. Não será possível recuperá-lo.',
  'privateEntries.publishedTitle': 'Sua coragem faz diferença',
  'privateEntries.publishedText':
    'Obrigado por compartilhar algo tão pessoal com o mundo. Suas palavras podem tocar alguém que precise ouvi-las.',
  'privateEntries.heldTitle': 'Na fila para o Vazio.',
  'privateEntries.heldText': 'Será oferecido quando você estiver on-line de novo.',
  'privateEntries.failedTitle': 'Não foi possível publicar',
  'privateEntries.failedText': 'Houve um erro ao publicar seu pensamento. Tente de novo.',
  'handBack.keptTitle': 'Guardado só para você',
  'handBack.keptText': 'Suas palavras estão de novo em “Volte para você”.',
  'handBack.refusedTitle': 'O Vazio não pôde receber essas palavras',
  'handBack.refusedText': 'Elas estão de novo em “Volte para você”, a salvo no seu navegador.',
  'void.title': 'O VAZIO',
  'void.loading': 'Carregando pensamentos…',
  'void.unreachable': 'Não foi possível acessar o Vazio agora.',
  'void.staleNote':
    'Não foi possível acessar o Vazio agora. Mostrando os pensamentos como estavam em {date}.',
  'void.errorText': 'Nada se perdeu. Verifique sua conexão e tente de novo.',
  'void.retry': 'Tentar de novo',
  'void.emptyTitle': 'Nenhum pensamento no Vazio por enquanto.',
  'void.emptyText': 'Ninguém compartilhou nada ainda.',
  'void.returnToWriter': 'Voltar para o Unburden',
  'void.heading': 'Pensamentos deixados no Vazio',
  'void.count': {
    one: '{n} pensamento • Anônimo',
    many: '{n} de pensamentos • Anônimos',
    other: '{n} pensamentos • Anônimos',
  },
  'void.newThoughts': {
    one: '{n} pensamento novo',
    many: '{n} de pensamentos novos',
    other: '{n} pensamentos novos',
  },
  'void.loadingMore': 'Carregando mais pensamentos…',
  'void.moreFailed': 'Não foi possível carregar mais pensamentos.',
  'void.footer':
    'Estes pensamentos vivem no Vazio, deixados aqui por almas que precisavam soltá-los.',
  'void.addYourVoice': 'Escreva o seu também',
  'card.square': 'Quadrado',
  'card.story': 'Story',
  'card.share': 'Compartilhar',
  'card.report': 'Denunciar',
  'report.title': 'Denunciar este pensamento?',
  'report.text':
    'Se várias pessoas denunciarem, ele fica oculto para todo mundo. Não é possível desfazer isso daqui.',
  'report.confirm': 'Denunciar',
  'report.cancel': 'Cancelar',
  'share.copiedTitle': 'Copiado para a área de transferência',
  'share.copiedText': 'O pensamento está pronto para ser colado onde você quiser.',
  'share.failedTitle': 'Não foi possível compartilhar',
  'share.failedText': 'Este navegador não permitiu compartilhar nem copiar.',
  'share.imageFailedTitle': 'Não foi possível criar a imagem',
  'share.imageFailedText': 'Tente de novo.',
  'image.label': 'O   V A Z I O',
  'image.invitation': 'O que você responderia?',
  'image.writeYours': 'Escreva o seu, anonimamente, em',
  'waiting.label': 'Aguardando envio ao Vazio',
  'waiting.keepPrivate': 'Guardar só para você',
  'privateEntries.title': 'Volte para você',
  'privateEntries.emptyTitle': 'Seu refúgio está vazio.',
  'privateEntries.emptyText': 'Nada foi guardado aqui ainda.',
  'privateEntries.returnToWriter': 'Voltar para o Unburden',
  'privateEntries.heading': 'Seus pensamentos guardados',
  'privateEntries.count': {
    one: '{n} registro • A salvo no seu navegador',
    many: '{n} de registros • A salvo no seu navegador',
    other: '{n} registros • A salvo no seu navegador',
  },
  'privateEntries.addAnother': 'Escrever outro pensamento',
  'privateEntries.publish': 'Publicar no Vazio',
  'privateEntries.publishConfirm': 'Publicar',
  'privateEntries.letGo': 'Deixar ir',
  'privateEntries.cancel': 'Cancelar',
  'storage.unavailable':
    'Este navegador não deixa o Unburden guardar nada, então seus registros particulares só ficam aqui enquanto esta aba estiver aberta. Baixe uma cópia para não perdê-los.',
  'storage.full':
    'O armazenamento do seu navegador está cheio, então suas últimas mudanças só ficam aqui enquanto esta aba estiver aberta. Baixe uma cópia para não perdê-las.',
  'storage.backup':
    'Parte do que estava guardado aqui não pôde ser lida. Essa parte ficou separada, sem alterações, neste navegador (em “{key}”).',
  'copy.title': 'Guardar uma cópia',
  'copy.text':
    'Seus registros particulares ficam só neste navegador. Uma cópia é um arquivo que você guarda por conta própria.',
  'copy.persistNote':
    'Este navegador não garantiu que vai mantê-los: ele pode apagá-los se ficar sem espaço.',
  'copy.download': 'Baixar uma cópia',
  'copy.downloadEncrypted': 'Baixar uma cópia criptografada',
  'copy.restore': 'Restaurar de uma cópia',
  'copy.fileLabel': 'Cópia dos seus registros particulares',
  'copy.restoredTitle': 'Cópia restaurada',
  'copy.nothingNew': 'Nada de novo: todos os registros desta cópia já estão aqui.',
  'copy.added': {
    one: '{n} registro foi adicionado.',
    many: '{n} de registros foram adicionados.',
    other: '{n} registros foram adicionados.',
  },
  'copy.notStored':
    ' Seu navegador não conseguiu guardá-los, então eles só ficam aqui enquanto esta aba estiver aberta.',
  'copy.notACopy':
    'Este arquivo não é uma cópia dos seus registros particulares. Nada foi alterado.',
  'copy.damaged':
    'Esta cópia está danificada: alguns registros não podem ser lidos. Nada foi alterado.',
  'lock.forgotten':
    'Uma frase-senha esquecida não pode ser recuperada, e os registros que ela protege também não.',
  'lock.forgottenCopy':
    'Uma frase-senha esquecida não pode ser recuperada, e a cópia que ela protege também não.',
  'lock.tooShort': 'Escolha uma frase-senha com pelo menos {min} caracteres.',
  'lock.different': 'As duas frases-senha não são iguais.',
  'lock.wrong': 'Essa frase-senha não abre seus registros. Sem pressa, tente de novo.',
  'lock.unreadable':
    'Não é possível ler seus registros bloqueados: o que foi guardado está danificado ou incompleto. Nada foi alterado.',
  'lock.copyUnreadable':
    'Não é possível ler esta cópia: o que foi guardado nela está danificado ou incompleto. Nada foi alterado.',
  'lock.storage': 'Seu navegador não conseguiu guardar isso, então nada foi alterado.',
  'lock.lockedHeading': 'Seus registros estão bloqueados',
  'lock.lockedNote':
    'Enquanto eles estão bloqueados, você ainda pode guardar pensamentos novos. Só com a sua frase-senha dá para lê-los.',
  'lock.passphrase': 'Frase-senha',
  'lock.unlock': 'Desbloquear',
  'lock.unlocking': 'Desbloqueando…',
  'lock.title': 'Bloqueio',
  'lock.offText':
    'Uma frase-senha pode bloquear seus registros particulares, para que só você consiga lê-los neste aparelho.',
  'lock.turnOn': 'Bloquear meus registros',
  'lock.onText':
    'Seus registros estão protegidos pela sua frase-senha e, por enquanto, desbloqueados neste navegador.',
  'lock.now': 'Bloquear agora',
  'lock.change': 'Trocar a frase-senha',
  'lock.remove': 'Remover o bloqueio',
  'lock.after': 'Bloquear de novo quando o app ficar em segundo plano por',
  'lock.minutes': { one: '{n} minuto', many: '{n} de minutos', other: '{n} minutos' },
  'lock.chooseText': 'Escolha uma frase-senha para bloqueá-los.',
  'lock.again': 'Repita a frase-senha',
  'lock.locking': 'Bloqueando…',
  'lock.lockedToastText':
    'Só a sua frase-senha abre esses registros. Novos pensamentos ainda podem ser guardados.',
  'lock.copyFirst': 'Talvez você queira uma cópia antes.',
  'lock.copyFirstButton': 'Baixar uma cópia antes',
  'lock.current': 'Frase-senha atual',
  'lock.new': 'Nova frase-senha',
  'lock.newAgain': 'Repita a nova frase-senha',
  'lock.changing': 'Trocando…',
  'lock.changed': 'A frase-senha foi trocada',
  'lock.removeText':
    'Seus registros voltarão a ser guardados neste navegador como texto comum, sem criptografia.',
  'lock.removing': 'Removendo…',
  'lock.copyTitle': 'Baixar uma cópia criptografada',
  'lock.copyChoose': 'Escolha uma frase-senha para esta cópia: a mesma do bloqueio ou outra.',
  'lock.copyPassphrase': 'Frase-senha da cópia',
  'lock.download': 'Baixar',
  'lock.encrypting': 'Criptografando…',
  'lock.restoreTitle': 'Restaurar uma cópia criptografada',
  'lock.restoreText':
    'Esta cópia está criptografada e só abre com a frase-senha dela. Nada é alterado antes disso.',
  'lock.restorePassphrase': 'Frase-senha da cópia',
  'lock.restore': 'Restaurar',
  'lock.opening': 'Abrindo…',
  'lock.copyWrong': 'Essa frase-senha não abre esta cópia. Sem pressa, tente de novo.',
  // What an unlock found changed or damaged (src/i18n/messages/lock.ts).
  'lockProblem.keyChanged':
    'Alguém trocou a chave do seu bloqueio neste aparelho. Os pensamentos que você guardou desde então, enquanto seus registros estavam bloqueados, podem ter ficado legíveis para essa pessoa. A chave já foi corrigida.',
  'lockProblem.sealRefused':
    'A chave do seu bloqueio neste aparelho foi trocada, então o Unburden não guardou seu novo pensamento com ela. Desbloqueie seus registros para corrigir a chave; nada mais foi alterado.',
  'lockProblem.damaged': {
    one: '{n} item guardado está danificado e não pode ser lido. Ele foi mantido como está; todo o resto está aqui.',
    many: '{n} de itens guardados estão danificados e não podem ser lidos. Eles foram mantidos como estão; todo o resto está aqui.',
    other:
      '{n} itens guardados estão danificados e não podem ser lidos. Eles foram mantidos como estão; todo o resto está aqui.',
  },
  'lockProblem.missing': {
    one: 'Está faltando {n} item guardado: ele foi removido do armazenamento deste navegador sem passar pelo Unburden.',
    many: 'Estão faltando {n} de itens guardados: eles foram removidos do armazenamento deste navegador sem passar pelo Unburden.',
    other:
      'Estão faltando {n} itens guardados: eles foram removidos do armazenamento deste navegador sem passar pelo Unburden.',
  },
  'lockProblem.listDamaged':
    'A lista dos seus registros está danificada, então o Unburden não consegue saber se falta algum. Tudo o que pôde ser lido está aqui.',
  'lockProblem.vaultMissing':
    'Seus registros bloqueados não estão mais no armazenamento deste navegador: foram apagados sem passar pelo Unburden. Por isso, seu novo pensamento não foi guardado sem criptografia, onde alguém poderia lê-lo.',
  'lockProblem.foundUnlocked': {
    one: '{n} registro foi encontrado sem bloqueio ao lado dos seus registros bloqueados (deixado por um bloqueio interrompido, ou escrito enquanto o bloqueio não estava lá). Alguém pode tê-lo lido; agora ele está bloqueado.',
    many: '{n} de registros foram encontrados sem bloqueio ao lado dos seus registros bloqueados (deixados por um bloqueio interrompido, ou escritos enquanto o bloqueio não estava lá). Alguém pode tê-los lido; agora eles estão bloqueados.',
    other:
      '{n} registros foram encontrados sem bloqueio ao lado dos seus registros bloqueados (deixados por um bloqueio interrompido, ou escritos enquanto o bloqueio não estava lá). Alguém pode tê-los lido; agora eles estão bloqueados.',
  },
  'lockFirst.note':
    'Bloqueie seus registros agora, antes do seu primeiro pensamento particular, e nada do que você guardar será gravado de forma legível, nem mesmo nos arquivos do próprio navegador.',
  'help.title': 'Converse com alguém',
  'help.intro':
    'Quando tudo pesa, conversar pode ajudar. Quem atende esses números está aí para ouvir você, seja o que for.',
  'help.why': 'Aparece primeiro por causa do idioma e do fuso horário do seu navegador.',
  'help.emergency': 'Em caso de emergência',
  'help.elsewhere': 'Em outros países',
  'help.directoryAbout': '{name}: linhas de apoio gratuitas e confidenciais, país por país.',
  'help.findLine': 'Encontre uma linha de apoio no seu país',
  'help.openDirectory': 'Abrir a lista',
  'help.needsNetwork': 'É um site: precisa de conexão com a internet.',
  'help.danger':
    'Se você estiver em perigo agora, ligue para o número de emergência do lugar onde está.',
  'help.call': 'Ligar para {number}',
  'help.text': 'Mandar SMS para {number}',
  'line.us': 'Pessoas capacitadas, dia e noite, para qualquer tipo de sofrimento emocional.',
  'line.ca': 'Pessoas capacitadas, dia e noite, em inglês e francês.',
  'line.qc': 'A linha de prevenção do suicídio do próprio Quebec, dia e noite, por ligação ou SMS.',
  'line.samaritans': 'Alguém para ouvir você, dia e noite. Ligação gratuita de qualquer telefone.',
  'line.au': 'Apoio em momentos de crise, dia e noite, por ligação ou SMS.',
  'line.de': 'Anônimo e gratuito, dia e noite, de telefone fixo ou celular.',
  'line.at':
    'Alguém para ouvir você, de forma sigilosa e gratuita, dia e noite, de qualquer telefone.',
  'line.ch': 'Alguém para ouvir você, dia e noite, na Suíça e em Liechtenstein.',
  'line.youth': 'Para crianças e jovens: atendimento gratuito e confidencial, dia e noite.',
  'line.es':
    'A linha nacional para quem pensa em suicídio e para seus familiares e amigos: gratuita, confidencial, dia e noite.',
  'line.br':
    'Voluntários que escutam, com sigilo, dia e noite. Ligação gratuita de qualquer telefone.',
  'line.pt': 'Psicólogos da linha nacional de saúde, dia e noite: ligue e escolha a opção 4.',
  'line.fr':
    'A linha nacional de prevenção do suicídio, atendida por profissionais de saúde, para quem está em sofrimento e para seus familiares e amigos: gratuita, confidencial, dia e noite.',
  'line.be':
    'Uma linha de escuta para quem tem pensamentos suicidas, em francês: anônima, gratuita, dia e noite.',
  'line.beNl':
    'Uma linha de escuta para quem tem pensamentos suicidas, em holandês: gratuita, dia e noite.',
  'line.cn': 'A linha nacional de apoio psicológico: a ligação é encaminhada para a linha local.',
  'line.hk': 'A linha de apoio à saúde mental do governo, com atendimento dia e noite.',
  'line.hkSamaritans': 'Alguém para ouvir você, com sigilo, dia e noite, em vários idiomas.',
  'line.lb':
    'A linha nacional de apoio emocional e prevenção do suicídio, em árabe, inglês e francês.',
  'offline.line': 'Você está off-line — suas palavras estão a salvo aqui',
  'offline.waiting': {
    one: ' · {n} pensamento aguardando envio',
    many: ' · {n} de pensamentos aguardando envio',
    other: ' · {n} pensamentos aguardando envio',
  },
  'update.ready': 'Uma nova versão está pronta',
  'update.deferred':
    'Uma nova versão está pronta. Ela será carregada depois que você decidir o que fazer com suas palavras.',
  'update.reload': 'Recarregar',
  'update.region': 'Atualização',
  'install.button': 'Instalar',
  'install.hint':
    'Para instalar o Unburden, escolha “Adicionar à Tela de Início” no menu Compartilhar.',
  'install.dismiss': 'Fechar a dica de instalação',
  'toasts.region': 'Notificações',
  'toasts.dismiss': 'Fechar',
  'language.label': 'Idioma',
  'lab.simulating': 'Laboratório de rede: simulando {mode} nas requisições deste app ao Vazio.',
  'lab.offline': 'falta de conexão',
  'lab.503': '503 do servidor',
  'lab.lostAnswer': 'respostas perdidas (enviado, resposta descartada)',
  'lab.stop': 'Parar',
  // The passphrase's strength.
  'passphrase.hint':
    'Algumas palavras sem relação entre si são o que mais resiste. Um nome, uma data ou uma frase conhecida são adivinhados primeiro.',
  'passphrase.estimate': 'Uma única placa de vídeo a adivinharia em cerca de {time}.',
  'passphrase.estimateInstant': 'Uma única placa de vídeo a adivinharia em menos de um segundo.',
  'passphrase.estimateCentury':
    'Uma única placa de vídeo precisaria de mais de um século para adivinhá-la.',
  'passphrase.enough': 'Forte o bastante.',
  'passphrase.weak': 'Isso é menos de um dia. Acrescente algumas palavras sem relação entre si.',
  'passphrase.leaked': 'Ela está nas listas de senhas vazadas que são testadas primeiro.',
  'passphrase.refusedWeak':
    'Uma única placa de vídeo poderia adivinhar esta frase-senha em menos de um dia. Acrescente algumas palavras sem relação entre si.',
  'passphrase.refusedLeaked':
    'Esta frase-senha está nas listas de senhas vazadas que são testadas primeiro. Escolha outra.',
  'passphrase.unavailable':
    'Não foi possível verificar a frase-senha agora. Nada foi alterado. Tente de novo daqui a pouco.',
}

export default ptBR
