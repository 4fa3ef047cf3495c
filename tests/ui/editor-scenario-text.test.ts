// The editor's scenario text helpers, apart from the component: the form writes a part back into
// the JSON (an emptied optional list goes, the workload and the producers stay even empty), and
// only text that parses as a JSON object is something the form can edit.
import { describe, expect, it } from 'vitest';
import { parseObject, pretty, withPart } from '../../src/ui/components/Editor/scenarioText';

describe('editor scenario text', () => {
  const json = { id: 's', clusters: [{ name: 'a' }], workload: [{ send: 'M1' }], producers: [] };

  it('an emptied clusters, faults or fixes list is left out of the JSON', () => {
    expect(withPart(json, 'clusters', [])).toEqual({
      id: 's',
      workload: [{ send: 'M1' }],
      producers: [],
    });
    expect(withPart({ ...json, fixes: ['go-1565'] }, 'fixes', [])).not.toHaveProperty('fixes');
    expect(withPart(json, 'faults', [])).not.toHaveProperty('faults');
  });

  it('an emptied workload or producers list stays, and other values replace the part', () => {
    expect(withPart(json, 'workload', [])).toEqual({ ...json, workload: [] });
    expect(withPart(json, 'producers', [])).toHaveProperty('producers', []);
    expect(withPart(json, 'title', 'T')).toEqual({ ...json, title: 'T' });
    expect(json.clusters).toEqual([{ name: 'a' }]);
  });

  it('only a JSON object parses; the pretty text parses back to the same object', () => {
    expect(parseObject(pretty(json))).toEqual(json);
    expect(parseObject('[1, 2]')).toBeNull();
    expect(parseObject('null')).toBeNull();
    expect(parseObject('{"id": ')).toBeNull();
  });
});
