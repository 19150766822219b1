import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Where the home page shows the day's puzzle: the card is loaded with import() once the page
 * is up, so the entry bundle stays within its budget; nothing shows until then, or if it fails.
 */
export function DailyPuzzleSlot() {
  const [Card, setCard] = useState<FunctionComponent | null>(null);
  useEffect(() => {
    import('./daily-card.js').then(
      (m) => setCard(() => m.DailyPuzzleCard),
      () => undefined,
    );
  }, []);
  return Card ? <Card /> : null;
}
