import { parseDollarsToMicros } from '@app/contracts';
import { DEMO } from '@app/db/demo';
import { costPerLeadMinimumText } from '@app/pricing';

/** The floor hint Set Cost shows under an agency's enhance price: the master's wholesale (spec 2 §5). */
export function enhanceFloorHint(): string {
  const floor = parseDollarsToMicros(DEMO.master.wholesaleCostPerLead.enhance);
  if (floor === null) throw new Error('The demo enhance wholesale is not a price');
  return costPerLeadMinimumText(floor);
}
