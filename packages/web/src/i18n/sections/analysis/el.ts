import type { Catalogue } from '../../catalogue.js';

/** Greek strings of the 'analysis' section. */
export const analysisEl: Catalogue['analysis'] = {
  title: 'Ανάλυση αγώνα',
  back: 'Πίσω στον αγώνα',
  queued: 'Αναμονή για ανάλυση ({n} μπροστά)…',
  running: 'Ο αγώνας αναλύεται…',
  depth: 'Κάθε απόφαση συγκρίνεται με την καλύτερη που βρίσκει το bot σε βάθος {plies}.',
  player: 'Παίκτης',
  decisions: 'Αποφάσεις',
  errorRate: 'Ρυθμός λαθών',
  errorRateLong: 'Απώλεια equity ανά απόφαση, σε χιλιοστά (mEMG)',
  pr: 'PR',
  prLong: 'Βαθμός απόδοσης: 500 × απώλεια equity ανά απόφαση· όσο μικρότερος τόσο καλύτερα',
  luck: 'Τύχη',
  luckLong:
    'Τύχη: το άθροισμα της equity που του έδωσαν οι ζαριές του πέρα από τη μέση ζαριά (EMG)· θετική: πιο τυχερός από τον μέσο όρο',
  show: 'Εμφάνιση',
  filters: {
    marked: 'Αμφίβολες κινήσεις, λάθη και χοντρά λάθη',
    errors: 'Λάθη και χοντρά λάθη',
    all: 'Όλες οι αποφάσεις',
  },
  none: 'Καμία τέτοια απόφαση: καλό παιχνίδι.',
  gameN: 'Παρτίδα {n}',
  best: 'καλύτερη',
  marks: {
    doubtful: 'Αμφίβολη',
    error: 'Λάθος',
    blunder: 'Χοντρό λάθος',
  },
  cube: {
    'no-double': 'Χωρίς διπλασιασμό',
    double: 'Διπλασίασε',
    take: 'Δέχομαι',
    drop: 'Αρνούμαι',
    beaver: 'Beaver',
  },
  cubeLine: {
    'no-double': 'Χωρίς διπλασιασμό',
    'double-take': 'Διπλασιασμός, αποδοχή',
    'double-drop': 'Διπλασιασμός, άρνηση',
  },
  doublerView: 'Equity της πλευράς που μπορεί να διπλασιάσει',
  play: 'Κίνηση',
  equity: 'Equity',
  played: 'παίχτηκε',
};
