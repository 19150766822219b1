import * as v from 'valibot';

/*
 * A player's table preferences: how the board looks and sounds and what the page does for
 * him. Guests keep them in the browser; an account keeps them on the server (GET and POST
 * /api/preferences), so they follow the player to every device. Every field has a default,
 * so a stored value from an older client still parses, and a new field never needs a migration.
 */

/** Board looks: a wooden board drawn with SVG gradients, the flat one, and one for low vision (WCAG AA). */
export const THEMES = ['wood', 'flat', 'contrast'] as const;
export const ThemeSchema = v.picklist(THEMES);
export type Theme = v.InferOutput<typeof ThemeSchema>;

/** Checker colour pairs, the viewer's first. */
export const CHECKER_SETS = ['classic', 'ivory-ebony', 'red-blue', 'gold-green'] as const;
export const CheckerSetSchema = v.picklist(CHECKER_SETS);
export type CheckerSet = v.InferOutput<typeof CheckerSetSchema>;

/** Where a backgammon player's home board is drawn: bottom right (the usual) or bottom left. */
export const HomeSideSchema = v.picklist(['right', 'left']);
export type HomeSide = v.InferOutput<typeof HomeSideSchema>;

export const PreferencesSchema = v.strictObject({
  theme: v.optional(ThemeSchema, 'wood'),
  checkers: v.optional(CheckerSetSchema, 'classic'),
  homeSide: v.optional(HomeSideSchema, 'right'),
  /** Dice and checker animations; the page also stops them under prefers-reduced-motion. */
  animations: v.optional(v.boolean(), true),
  /** Sounds start muted on a first visit. */
  sound: v.optional(v.boolean(), false),
  /** Rolls for the player when rolling is all he may do (no cube decision to make). */
  autoRoll: v.optional(v.boolean(), false),
  /** Sends a play by itself when it is the only legal one. */
  autoConfirm: v.optional(v.boolean(), false),
  /** After a play against a bot, says how much equity it lost against the bot's best. */
  hintFeedback: v.optional(v.boolean(), false),
});
/** What a client sends; every field may be left out. */
export type PreferencesInput = v.InferInput<typeof PreferencesSchema>;
/** With every default filled in. */
export type Preferences = v.InferOutput<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = v.parse(PreferencesSchema, {});
