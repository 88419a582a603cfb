import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';

/**
 * A product's barcode (SPEC §2 Receive Inventory), CODE128 drawn as SVG by jsbarcode, loaded only when one is shown.
 * The value is printed under the bars as text (not by jsbarcode, which would need a canvas to measure it).
 */
export function Barcode({ value }: { value: string }) {
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    void import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (!live || !svg.current) return;
        JsBarcode(svg.current, value, { format: 'CODE128', displayValue: false, height: 50, width: 1.5, margin: 4 });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <Box data-testid="barcode" textAlign="center">
      {!failed && <svg ref={svg} role="img" aria-label={`Barcode ${value}`} style={{ maxWidth: '100%' }} />}
      <Text fontFamily="mono" fontSize="xs">
        {value}
      </Text>
    </Box>
  );
}
