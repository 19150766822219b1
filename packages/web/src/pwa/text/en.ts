/** English strings of the notice that a new version of Zar is ready; the source of its type. */
export const pwaEn = {
  updated: 'Zar has been updated.',
  reload: 'Reload',
  later: 'Later',
};

export type PwaText = { readonly [K in keyof typeof pwaEn]: string };
