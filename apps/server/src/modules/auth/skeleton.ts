import unhomoglyph from 'unhomoglyph';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * A username's confusable skeleton (Unicode TS #39, section 4), made case-insensitive because
 * sign-in is: the name (compatibility forms folded, RFC 8265), decomposed, without
 * default-ignorable characters, each character replaced by its prototype from Unicode's
 * confusables.txt (the `unhomoglyph` package's table), lower-cased and mapped again (so "I", "l"
 * and "1" meet whichever case they were typed in), decomposed again. Two names that look the same
 * have the same skeleton ("admin1", "adminl", "admіn1"). Not for display: "m" becomes "rn".
 */
export function usernameSkeleton(username: string): string {
  const bare = username.normalize('NFKC').normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return unhomoglyph(unhomoglyph(bare).toLowerCase()).normalize('NFD');
}
