/**
 * The help page's words. It carries the most weight with the writer's heading and the choice
 * dialog: someone may read it in distress. Plain, warm, never clinical, never alarming.
 */
export const HELP_MESSAGES = {
  'help.title': 'Talk to someone',
  'help.intro':
    'When things feel heavy, talking can help. The people on these lines are there to listen, whatever it is.',
  'help.why': 'Shown first from your browser’s language and time zone.',
  'help.emergency': 'In an emergency',
  // The directory's heading when it comes after the countries listed.
  'help.elsewhere': 'Anywhere else',
  // {name} is the directory's own name (Find A Helpline), set apart in the language's own way.
  'help.directoryAbout': '{name}: Free, confidential helplines, country by country.',
  // The directory's heading when it comes first, and its link when it comes last.
  'help.findLine': 'Find a helpline in your country',
  // The directory's link when its heading already says "Find a helpline in your country".
  'help.openDirectory': 'Open the directory',
  // Said under the directory: the page's numbers work offline, the directory does not.
  'help.needsNetwork': 'It is a website: it needs an internet connection.',
  'help.danger': 'If you are in danger right now, call your local emergency number.',
  // A contact's link: "Call 988", "Text 0477 13 11 14".
  'help.call': 'Call {number}',
  'help.text': 'Text {number}',
  // What each line is, under its name (the names themselves are the services' own).
  'line.us': 'Trained counselors, day and night, for any kind of emotional distress.',
  'line.ca': 'Trained responders, day and night, in English and French.',
  // Quebec's own line, listed within Canada: 988 calls from Quebec are passed to it.
  'line.qc': 'Quebec’s own suicide prevention line, day and night, by phone or text.',
  'line.samaritans': 'Someone to listen, day and night. Free from any phone.',
  'line.au': 'Crisis supporters, day and night, by phone or text.',
  'line.de': 'Anonymous and free, day and night, from landlines and mobiles.',
  'line.at': 'Someone to listen, free and confidential, day and night, from any phone.',
  'line.ch': 'Someone to listen, day and night, in Switzerland and Liechtenstein.',
  // Austria's and Switzerland's lines for the young (Rat auf Draht, Pro Juventute), both 147.
  'line.youth': 'For children and young people: free and confidential, day and night.',
  'line.es':
    'The national line for anyone thinking of suicide, and those close to them: free, confidential, day and night.',
  'line.br': 'Volunteers who listen, in confidence, day and night. Free from any phone.',
  // Portugal's national health line: its psychologists answer on option 4 of the menu.
  'line.pt':
    'Psychologists of the national health line, day and night: call, then choose option 4.',
  'line.fr':
    'The national suicide prevention line, answered by health professionals, for anyone in distress and those close to them: free, confidential, day and night.',
  'line.be':
    'A listening line for anyone with thoughts of suicide, in French: anonymous, free, day and night.',
  'line.beNl':
    'A listening line for anyone with thoughts of suicide, in Dutch: free, day and night.',
  'line.cn': 'The national psychological assistance hotline: calls reach the local line.',
  'line.hk': 'The government’s mental health support line, answered day and night.',
  'line.hkSamaritans': 'Someone to listen, in confidence, day and night, in several languages.',
  'line.lb':
    'The national emotional support and suicide prevention line, in Arabic, English and French.',
} as const
