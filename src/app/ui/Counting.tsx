import { Text, type TextProps } from '@chakra-ui/react';
import { MSG } from '../../domain/messages';

/**
 * A count or money figure the device has not finished counting (a first sync is still bringing its rows): it says
 * so, visibly and to a screen reader, instead of showing the rows pulled so far (or 0) as the shop's figure.
 */
export function Counting({ figure, ...props }: { figure: string } & TextProps) {
  return (
    <Text as="span" display="block" aria-label={MSG.countingLabel.replace('{figure}', figure)} {...props}>
      {MSG.counting}
    </Text>
  );
}
