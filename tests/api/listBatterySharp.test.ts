import { describe, it } from 'vitest';
import { malformedEncodings, prototypeJson, sqlInjections, encodeQueryValue } from '../helpers/hostileInputs';
import { useListBattery } from '../helpers/listBattery';
import { databaseKinds } from '../helpers/testDatabase';

/** The list battery, part two (part one: listBattery.test.ts): the sharpest inputs on every parameter of every route. */
describe.each(databaseKinds())('every list route and parameter against the sharpest inputs, on %s', (kind) => {
  const battery = useListBattery(kind, 'sharp');

  it('answers 200 or a plain 400 to each, repeated and malformed ones too, writes nothing and stays under a second', async () => {
    await battery.run(async (send) => {
      // The sharpest inputs on every parameter of every route, and repeated or malformed ones.
      const sharp = [
        ...sqlInjections.slice(0, 6),
        ...['1.5', '-1', '1e20', '2147483648', '99999999999999999999999', 'NaN', 'true', 'null', '[]', '{}'],
        ...prototypeJson.slice(0, 4),
        ...['[1.5]', '[2147483648]', '[{}]', '\u0000', 'a\u0000b', '["a\\u0000b"]', '', ' '],
      ];
      for (const route of battery.lists()) {
        for (const param of route.params) {
          for (const value of sharp) await send(route, param, value);
          for (const bad of malformedEncodings) await send(route, param, bad, bad, 400);
          await send(route, param, '1', `1&${encodeQueryValue(param)}=2`);
        }
      }
    }, 10_000);
  }, 600_000);
});
