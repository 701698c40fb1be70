import { changedFields, replaceSorted } from '../src/components/catalogue-list/utils/changed-fields';

test.each([
  [{ name: 'A', isActive: true }, { name: 'A', isActive: true }, {}],
  [{ name: 'B', isActive: true }, { name: 'A', isActive: true }, { name: 'B' }],
  [{ name: 'A', description: null }, { name: 'A', description: undefined }, {}],
  [{ name: 'A', description: 'x' }, { name: 'A', description: null }, { description: 'x' }],
  [{ isActive: false }, { name: 'A', isActive: true }, { isActive: false }],
])('changedFields(%j, %j) = %j', (next, previous, expected) => {
  expect(changedFields(next, previous)).toEqual(expected);
});

test('an update keeps the list sorted by name, accents ignored', () => {
  const items = [
    { id: 1, name: 'Allianz' },
    { id: 2, name: 'Mapfre' },
    { id: 3, name: 'Zurich' },
  ];
  expect(replaceSorted(items, { id: 3, name: 'Ágape' }).map((i) => i.name)).toEqual(['Ágape', 'Allianz', 'Mapfre']);
});
