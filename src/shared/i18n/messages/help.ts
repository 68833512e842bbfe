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
  'help.elsewhere': 'Anywhere else',
  'help.directoryAbout': 'Free, confidential helplines, country by country.',
  'help.findLine': 'Find a helpline in your country',
  'help.danger': 'If you are in danger right now, call your local emergency number.',
  // A contact's link: "Call 988", "Text 0477 13 11 14".
  'help.call': 'Call {number}',
  'help.text': 'Text {number}',
  // What each line is, under its name (the names themselves are the services' own).
  'line.us': 'Trained counselors, day and night, for any kind of emotional distress.',
  'line.ca': 'Trained responders, day and night, in English and French.',
  'line.samaritans': 'Someone to listen, day and night. Free from any phone.',
  'line.au': 'Crisis supporters, day and night, by phone or text.',
  'line.de': 'Anonymous and free, day and night, from landlines and mobiles.',
  'line.es':
    'The national line for anyone thinking of suicide, and those close to them: free, confidential, day and night.',
  'line.br': 'Volunteers who listen, in confidence, day and night. Free from any phone.',
  'line.fr':
    'The national suicide prevention line, answered by health professionals, for anyone in distress and those close to them: free, confidential, day and night.',
  'line.be':
    'A listening line for anyone with thoughts of suicide, in French: anonymous, free, day and night.',
  'line.cn': 'The national psychological assistance hotline: calls reach the local line.',
  'line.lb':
    'The national emotional support and suicide prevention line, in Arabic, English and French.',
} as const
