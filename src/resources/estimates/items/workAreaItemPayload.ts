import { itemTotals } from '../../../domain/pricing';

type Values = Record<string, unknown>;

/**
 * What POST /workAreas/:id/workAreaItems and PUT /workAreaItems/:id take (SPEC §7): the
 * line's fields with Cost and Price as previewed (the server recomputes and stores its own),
 * and the version the user started from when updating.
 */
export function workAreaItemPayload(values: Values): Values {
  const { totalCost, totalPrice } = itemTotals({ quantity: values.quantity, unitCost: values.unitCost, unitPrice: values.unitPrice });
  const payload: Values = {
    workAreaID: values.workAreaID,
    itemID: values.itemID ?? null,
    name: values.name,
    quantity: values.quantity,
    units: values.units ?? null,
    unitCost: values.unitCost,
    unitPrice: values.unitPrice,
    totalCost,
    totalPrice,
    size: values.size ?? null,
    hoursPerUnit: values.hoursPerUnit ?? null,
  };
  // Issue 42: the plan's shapes the size (or a fill item's quantity) was measured from; null clears it.
  if (values.planMeasure !== undefined) payload.planMeasure = values.planMeasure;
  // Without a kind of its own, the line takes its catalogue item's (or the default).
  if (values.kind) payload.kind = values.kind;
  if (values.version !== undefined) payload.version = values.version;
  return payload;
}
