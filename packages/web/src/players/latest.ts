/**
 * Loads what a page shows for its current address and hands it over only while that address
 * is still the page's: a leaderboard or profile left for another before its answer came must
 * not have the old answer shown under the new heading (a slow first answer, a fast second).
 * Call it in an effect and return its answer, which drops an answer still on its way.
 */
export function loadLatest<T>(load: () => Promise<T>, use: (value: T) => void): () => void {
  let current = true;
  void load().then((value) => {
    if (current) use(value);
  });
  return () => {
    current = false;
  };
}
