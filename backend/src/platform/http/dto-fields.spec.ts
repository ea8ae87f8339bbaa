import 'reflect-metadata';
import { IsNotEmpty, IsString, MaxLength, validateSync } from 'class-validator';
import { RequiredText } from './dto-fields';

class Stacked {
  @IsString() @IsNotEmpty({ message: 'name is required' }) @MaxLength(3) name: unknown;
}

class Folded {
  @RequiredText(3, 'name is required') name: unknown;
}

/** The messages a field answers, in the order the API lists them. */
function messages(type: typeof Stacked | typeof Folded, value: unknown): string[] {
  const dto = new type();
  dto.name = value;
  return validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('required text', () => {
  it.each([[undefined], [''], [123], ['abcd'], ['abc']])(
    'answers %p with the messages of the decorators it folds, in their order',
    (value) => {
      expect(messages(Folded, value)).toEqual(messages(Stacked, value));
    },
  );

  it('says its message when the text is empty, and what is too long', () => {
    expect(messages(Folded, '')).toEqual(['name is required']);
    expect(messages(Folded, 'abcd')).toEqual([
      'name must be shorter than or equal to 3 characters',
    ]);
    expect(messages(Folded, 'abc')).toEqual([]);
  });
});
