import type { Catalogue } from '../../catalogue.js';

/** Romanian strings of the 'dice' section. */
export const diceRo: Catalogue['dice'] = {
  nav: 'Zaruri',
  table: {
    committed: 'Angajamentul zarurilor: {hash}…',
    seedSent: 'sămânța ta a fost trimisă',
    seedAwaited: 'se trimite sămânța ta…',
    revealed: 'sămânța serverului a fost dezvăluită: verifică zarurile în reluare',
    aboutLink: 'Ce înseamnă?',
    about:
      'Înainte de prima aruncare, serverul a publicat această amprentă a sămânței sale secrete; browserul tău a adăugat o sămânță aleatoare proprie. Fiecare aruncare decurge din amândouă.',
  },
  verify: {
    title: 'Verifică zarurile',
    intro:
      'Browserul tău recalculează fiecare aruncare din semințe (SHA-256 și HMAC-SHA-256, docs/fair-dice.md) și o compară cu înregistrarea.',
    button: 'Verifică zarurile',
    checking: 'Se verifică fiecare aruncare…',
    ok: {
      one: 'Singura aruncare se verifică: zarurile sunt cele date de semințe.',
      few: 'Toate cele {n} aruncări se verifică: zarurile sunt cele date de semințe.',
      other: 'Toate cele {n} de aruncări se verifică: zarurile sunt cele date de semințe.',
    },
    commitment:
      'Sămânța dezvăluită a serverului nu corespunde angajamentului publicat înainte de prima aruncare: acestor zaruri nu li se poate acorda încredere.',
    mismatch: 'Aruncarea {n} nu se verifică: înregistrarea are {recorded}, semințele dau {expected}.',
    checkedBefore: {
      one: 'O aruncare verificată înaintea ei.',
      few: '{n} aruncări verificate înaintea ei.',
      other: '{n} de aruncări verificate înaintea ei.',
    },
    unavailable: 'Acest browser nu poate verifica zarurile aici: Web Crypto cere o pagină securizată (https).',
    noProof:
      'Meciul a fost jucat înainte de zarurile verificabile: înregistrarea lui nu are nicio dovadă de verificat.',
    commitmentLabel: 'Angajament (SHA-256 al sămânței serverului)',
    serverSeed: 'Sămânța serverului',
    clientSeed: 'Sămânța lui {name}',
    yourSeed: '(a browserului tău)',
    seenBoth:
      'Angajamentul și sămânța ta sunt cele pe care browserul tău le-a primit și le-a trimis înainte de prima aruncare.',
    seenCommitment:
      'Angajamentul din înregistrare nu este cel arătat browserului tău înainte de prima aruncare: acestor zaruri nu li se poate acorda încredere.',
    seenSeed:
      'Sămânța ta din înregistrare nu este cea trimisă de browserul tău: acestor zaruri nu li se poate acorda încredere.',
  },
  stats: {
    siteTitle: 'Statistica zarurilor',
    siteIntro: 'Fiecare zar aruncat în meciurile terminate pe Zar, comparat cu ce dau zarurile corecte.',
    playerTitle: 'Zarurile lui {name}',
    playerIntro: 'Fiecare zar aruncat de {name} în meciurile sale terminate, comparat cu ce dau zarurile corecte.',
    notFound: 'Niciun jucător cu acest nume.',
    matches: { one: 'Un meci terminat', few: '{n} meciuri terminate', other: '{n} de meciuri terminate' },
    none: 'Încă niciun meci terminat: nu este nimic de numărat.',
    faces: 'Fețe',
    facesDesc: 'Câte zaruri au arătat fiecare față; zarurile corecte arată fiecare față într-o șesime din cazuri.',
    facesNote: {
      one: 'Inclusiv zarurile de deschidere (un zar).',
      few: 'Inclusiv zarurile de deschidere ({n} zaruri).',
      other: 'Inclusiv zarurile de deschidere ({n} de zaruri).',
    },
    rolls: 'Cele 21 de aruncări',
    rollsDesc:
      'Cât de des a venit fiecare aruncare; zarurile corecte dau fiecare dublă o dată din 36 și fiecare altă aruncare de 2 ori din 36.',
    noRolls: 'Încă nicio aruncare: deocamdată doar zaruri de deschidere, câte unul fiecare.',
    face: 'Fața',
    roll: 'Aruncarea',
    thrown: 'Aruncate',
    fair: 'Zaruri corecte',
    chartDesc:
      'Bare: câte au fost aruncate; semne: ce dau zarurile corecte. Cea mai mare: {label}, {observed} (zaruri corecte {expected}).',
    table: 'Cifrele',
    doubles: 'Duble: {n} din {total} aruncări ({share}); zaruri corecte: {fair}.',
    statistic: 'Hi-pătrat {x} cu {df} grade de libertate, p = {p}.',
    consistent: 'Compatibil cu zaruri corecte.',
    unusual: 'Neobișnuit: p < 0,01.',
    small: 'Încă prea puține zaruri pentru un test de încredere: valoarea p este doar orientativă.',
    pMeans: 'p este șansa ca zarurile corecte să se abată cel puțin atât de mult de la așteptare.',
    siteLink: 'Zarurile întregului site',
    playerLink: 'Statistica zarurilor',
  },
  luck: {
    title: 'Noroc în meciurile de table analizate',
    intro:
      'Din analiza botului: suma, pe aruncările unui jucător, a echității pe care i-a adus-o fiecare aruncare peste aruncarea medie, în puncte de joc pe bani (pozitiv: mai norocos decât media).',
    none: 'Încă niciun meci de table analizat.',
    date: 'Data',
    opponent: 'Adversar',
    his: 'Norocul lui {name}',
    theirs: 'Norocul adversarului',
    pr: 'PR',
    analysis: 'Analiză',
    open: 'deschide',
    chartTitle: 'Norocul lui {name} și al adversarilor săi, meci cu meci',
    chartDesc: '{matches} Norocul lui {name} de la {min} la {max}.',
    matchCount: { one: 'Un meci.', few: '{n} meciuri.', other: '{n} de meciuri.' },
  },
};
