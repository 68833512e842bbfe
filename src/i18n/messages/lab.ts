/**
 * The network lab's words a visitor can meet outside the lab: the banner every screen shows while a
 * simulation runs (another tab may have started it). The lab's panel is a tester's instrument and
 * stays in English.
 */
export const LAB_MESSAGES = {
  'lab.simulating': "Network lab: simulating {mode} for this app's requests to The Void.",
  'lab.offline': 'offline',
  'lab.503': '503 from the backend',
  'lab.lostAnswer': 'lost answers (sent, answer dropped)',
  'lab.stop': 'Stop',
} as const
