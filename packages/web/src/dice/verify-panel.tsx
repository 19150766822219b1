import type { MatchFile, MatchRecordView } from '@zar/protocol';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { type ApiError, api } from '../api.js';
import { parts, useI18n } from '../i18n/index.js';
import { seatLabel } from '../record/line-text.js';
import { ErrorLine } from '../ui.js';
import { type SeenDice, seenAgainst, seenDiceOf } from './fair-memory.js';
import { type DiceVerdict, verifyDiceInBrowser } from './verify.js';
import './dice.css';

type Proof = NonNullable<MatchFile['proof']>;

/** The seeds and the commitment, as the record's proof gives them (long hex kept left to right). */
function ProofFacts({ proof, record, you }: { proof: Proof; record: MatchRecordView; you: 0 | 1 | null }) {
  const i18n = useI18n();
  const v = i18n.t.dice.verify;
  return (
    <dl class="dice-proof" data-testid="dice-proof">
      <dt>{v.commitmentLabel}</dt>
      <dd>
        <code dir="ltr" data-testid="dice-commitment">
          {proof.commitment}
        </code>
      </dd>
      <dt>{v.serverSeed}</dt>
      <dd>
        <code dir="ltr" data-testid="dice-server-seed">
          {proof.serverSeed}
        </code>
      </dd>
      {([0, 1] as const).map((seat) => (
        <div key={seat}>
          <dt>
            {i18n.f(v.clientSeed, { name: seatLabel(i18n, record.players, seat) })}
            {seat === you && ` ${v.yourSeed}`}
          </dt>
          <dd>
            <code dir="ltr" data-testid={`dice-client-seed-${seat}`}>
              {proof.clientSeeds[seat]}
            </code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const diceText = (d: readonly [number, number]) => `${d[0]}-${d[1]}`;

/**
 * The viewer's check: the proof's commitment and his seed against what this browser saw before
 * the dice began (a proof agrees with itself even when forged whole), then every roll.
 */
type Checked =
  | (DiceVerdict & { readonly seen?: boolean })
  | { readonly kind: 'seen-commitment' }
  | { readonly kind: 'seen-seed' };

async function checkDice(file: MatchFile, seen: SeenDice | null, you: 0 | 1 | null): Promise<Checked> {
  const against = file.proof === undefined ? null : seenAgainst(seen, file.proof, you);
  if (against === 'commitment') return { kind: 'seen-commitment' };
  if (against === 'seed') return { kind: 'seen-seed' };
  const verdict = await verifyDiceInBrowser(file);
  return { ...verdict, seen: against === 'seen' };
}

/** The check's result: green when every roll checks, red with what is wrong otherwise. */
function Verdict({ verdict }: { verdict: Checked }) {
  const i18n = useI18n();
  const v = i18n.t.dice.verify;
  switch (verdict.kind) {
    case 'ok':
      return (
        <p
          class="dice-verdict dice-good"
          role="status"
          data-testid="dice-verdict"
          data-verdict="ok"
          data-seen={verdict.seen === true}
        >
          {i18n.n(v.ok, verdict.rolls.length)}
          {verdict.seen === true && ` ${v.seenBoth}`}
        </p>
      );
    case 'seen-commitment':
    case 'seen-seed':
      return (
        <p class="dice-verdict dice-bad" role="alert" data-testid="dice-verdict" data-verdict={verdict.kind}>
          {verdict.kind === 'seen-commitment' ? v.seenCommitment : v.seenSeed}
        </p>
      );
    case 'mismatch':
      return (
        <p
          class="dice-verdict dice-bad"
          role="alert"
          data-testid="dice-verdict"
          data-verdict="mismatch"
          data-roll={verdict.roll}
        >
          {parts(v.mismatch).map((part) => {
            if (typeof part === 'string') return part;
            if (part.slot === 'n') return i18n.num(verdict.roll + 1);
            const dice = part.slot === 'recorded' ? verdict.recorded : verdict.expected;
            return (
              <bdi key={part.slot} class="dice" dir="ltr">
                {diceText(dice)}
              </bdi>
            );
          })}
          {verdict.checked.length > 0 && ` ${i18n.n(v.checkedBefore, verdict.checked.length)}`}
        </p>
      );
    case 'commitment':
      return (
        <p class="dice-verdict dice-bad" role="alert" data-testid="dice-verdict" data-verdict="commitment">
          {v.commitment}
        </p>
      );
    case 'unavailable':
      return (
        <p class="dice-verdict" role="status" data-testid="dice-verdict" data-verdict="unavailable">
          {v.unavailable}
        </p>
      );
    default:
      return null;
  }
}

/**
 * "Verify the dice" on the replay of a finished match: the proof from the match's JSON record,
 * and on request every roll recomputed in this browser (verify.ts). A match played before
 * verifiable dice says so instead.
 */
export function VerifyPanel({ id, record, you }: { id: string; record: MatchRecordView; you: 0 | 1 | null }) {
  const i18n = useI18n();
  const v = i18n.t.dice.verify;
  const over = record.status === 'over';
  const [file, setFile] = useState<MatchFile | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [verdict, setVerdict] = useState<Checked | 'checking' | null>(null);
  const seen = useMemo(() => seenDiceOf(id), [id]);
  useEffect(() => {
    if (!over) return;
    void api.matchFile(id).then((r) => (r.ok ? setFile(r.value) : setError(r.error)));
  }, [id, over]);
  if (!over || (file === null && error === null)) return null;
  const check = () => {
    if (file === null) return;
    setVerdict('checking');
    void checkDice(file, seen, you).then(setVerdict);
  };
  return (
    <section class="dice-verify" aria-labelledby="dice-verify-title" data-testid="dice-verify">
      <h2 id="dice-verify-title">{v.title}</h2>
      <ErrorLine error={error} />
      {file !== null && file.proof === undefined && <p data-testid="dice-no-proof">{v.noProof}</p>}
      {file?.proof && (
        <>
          <p class="muted">{v.intro}</p>
          <ProofFacts proof={file.proof} record={record} you={you} />
          <button type="button" data-testid="dice-verify-button" disabled={verdict === 'checking'} onClick={check}>
            {v.button}
          </button>
          {verdict === 'checking' && <p role="status">{v.checking}</p>}
          {verdict !== null && verdict !== 'checking' && <Verdict verdict={verdict} />}
        </>
      )}
      <p>
        <a href="/dice">{i18n.t.dice.stats.siteLink}</a>
      </p>
    </section>
  );
}
