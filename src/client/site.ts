/** The site's own name: it hosts several games, each with its own name. */
export const SITE_NAME = 'Next Stop';
/** What the site is, in a few words. */
export const SITE_TAGLINE = 'Transit board games, online and at one screen';
