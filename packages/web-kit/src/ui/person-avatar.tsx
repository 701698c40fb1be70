import { initials } from '@corretora/contracts';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusCircular,
    fontWeight: tokens.fontWeightSemibold,
    userSelect: 'none',
  },
  image: { width: '100%', height: '100%', objectFit: 'cover' },
  c0: { backgroundColor: tokens.colorPaletteDarkRedBackground2, color: tokens.colorPaletteDarkRedForeground2 },
  c1: { backgroundColor: tokens.colorPalettePumpkinBackground2, color: tokens.colorPalettePumpkinForeground2 },
  c2: { backgroundColor: tokens.colorPaletteForestBackground2, color: tokens.colorPaletteForestForeground2 },
  c3: { backgroundColor: tokens.colorPaletteTealBackground2, color: tokens.colorPaletteTealForeground2 },
  c4: { backgroundColor: tokens.colorPaletteRoyalBlueBackground2, color: tokens.colorPaletteRoyalBlueForeground2 },
  c5: { backgroundColor: tokens.colorPalettePurpleBackground2, color: tokens.colorPalettePurpleForeground2 },
  c6: { backgroundColor: tokens.colorPaletteMagentaBackground2, color: tokens.colorPaletteMagentaForeground2 },
  c7: { backgroundColor: tokens.colorPaletteSteelBackground2, color: tokens.colorPaletteSteelForeground2 },
});

const COLOURS = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'] as const;

/** The same name always gets the same colour. */
export function avatarColour(name: string): (typeof COLOURS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 65_521;
  return COLOURS[hash % COLOURS.length] ?? 'c0';
}

export interface PersonAvatarProps {
  name: string;
  /** A picture of the person; the initials show while there is none or it fails to load. */
  photoUrl?: string | null;
  /** Diameter in pixels. */
  size?: number;
}

/**
 * A round picture or the person's initials on a colour of their own. Fluent's Avatar would do the
 * same, but it brings its presence badges and their icons (~10 KiB gzipped) to every page.
 */
export function PersonAvatar({ name, photoUrl, size = 32 }: PersonAvatarProps) {
  const styles = useStyles();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = Boolean(photoUrl) && failedUrl !== photoUrl;
  return (
    <span
      className={mergeClasses(styles.root, styles[avatarColour(name)])}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      role="img"
      aria-label={name}
    >
      {showPhoto && photoUrl ? (
        <img className={styles.image} src={photoUrl} alt="" onError={() => setFailedUrl(photoUrl)} />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </span>
  );
}
