/** A jsonb column's value: an object, or its text where a driver hands it over unparsed. */
export const jsonState = <S>(value: S | string): S => (typeof value === 'string' ? (JSON.parse(value) as S) : value);
