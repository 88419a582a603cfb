import type { ButtonProps } from '@chakra-ui/react';

/** The header's colour: every button on it takes ON_HEADER so its text stays readable there. */
export const HEADER_BG = '#1f4e79';

/**
 * A button on the header's dark blue. The outline variant's own text colour is the gray palette's, 1.72:1 on that
 * blue (issue 15: the Install button); white is 8.6:1, and the hover keeps the background dark enough for it. The
 * default focus ring is blue on blue, so it is white here.
 */
export const ON_HEADER: ButtonProps = {
  size: 'sm',
  variant: 'outline',
  color: 'white',
  borderColor: 'whiteAlpha.800',
  _hover: { bg: 'whiteAlpha.300' },
  _expanded: { bg: 'whiteAlpha.300' },
  focusRingColor: 'white',
};
