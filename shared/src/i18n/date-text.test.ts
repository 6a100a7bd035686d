import { describe, expect, it } from 'vitest';
import {
  DATE_TEXT_MAX_LENGTH,
  dateTextValue,
  joinDateTime,
  readDateText,
  readMonthText,
  readTimeText,
  splitDateTime,
  splitTypedDateTime,
} from './date-text';

describe('readDateText', () => {
  it.each([
    ['2025-10-01', '2025-10-01'],
    ['2025/10/1', '2025-10-01'],
    ['2025.1.9', '2025-01-09'],
    ['2025年10月1日', '2025-10-01'],
    ['２０２５／１０／０１', '2025-10-01'],
    ['２０２５年１０月１日', '2025-10-01'],
    ['20251001', '2025-10-01'],
    [' 2024-02-29 ', '2024-02-29'],
    ['1900-01-01', '1900-01-01'],
    ['2099-12-31', '2099-12-31'],
  ])('reads %j as %s', (text, day) => expect(readDateText(text)).toBe(day));

  it.each(['', '2025-10', '2023-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '10/01/2025', 'tomorrow', '2025-10-01T10:00'])(
    'refuses %j',
    (text) => expect(readDateText(text)).toBeNull(),
  );

  it('refuses long texts before reading them (thousands of combining marks, megabytes of digits)', () => {
    expect(readDateText(`2025-10-01${'\u0301'.repeat(5000)}`)).toBeNull();
    expect(readDateText('1'.repeat(2_000_000))).toBeNull();
    expect(readDateText(`${' '.repeat(DATE_TEXT_MAX_LENGTH - 10)}2025-10-01`)).toBe('2025-10-01');
  });
});

describe('readMonthText', () => {
  it.each([
    ['2025-10', '2025-10'],
    ['2025/3', '2025-03'],
    ['2025年3月', '2025-03'],
    ['２０２５－０３', '2025-03'],
    ['202503', '2025-03'],
  ])('reads %j as %s', (text, month) => expect(readMonthText(text)).toBe(month));

  it.each(['', '2025-13', '2025-0', '25-03', '2025-10-01'])('refuses %j', (text) => expect(readMonthText(text)).toBeNull());
});

describe('readTimeText', () => {
  it.each([
    ['10:00', '10:00'],
    ['9:5', '09:05'],
    ['0930', '09:30'],
    ['9時30分', '09:30'],
    ['１８：３０', '18:30'],
    ['18', '18:00'],
    ['7時', '07:00'],
    ['23:59', '23:59'],
    ['0:00', '00:00'],
  ])('reads %j as %s', (text, time) => expect(readTimeText(text)).toBe(time));

  it.each(['', '24:00', '12:60', '930', 'noon', '10:00:00'])('refuses %j', (text) => expect(readTimeText(text)).toBeNull());
});

describe('the values a field hands its form', () => {
  it('are canonical when readable and the text as typed when not', () => {
    expect(dateTextValue('date', '2025/1/2')).toBe('2025-01-02');
    expect(dateTextValue('date', ' 2025/13/2 ')).toBe('2025/13/2');
    expect(dateTextValue('month', '2025年4月')).toBe('2025-04');
    expect(dateTextValue('time', '9時')).toBe('09:00');
  });

  it('join a day and a time as datetime-local does, and split them again', () => {
    expect(joinDateTime('2031/12/24', '18時30分')).toBe('2031-12-24T18:30');
    expect(joinDateTime('', '')).toBe('');
    expect(joinDateTime('2031-12-24', '')).toBe('2031-12-24T');
    expect(joinDateTime('', '10:00')).toBe('T10:00');
    expect(splitDateTime('2031-12-24T18:30')).toEqual(['2031-12-24', '18:30']);
    expect(splitDateTime('2031-12-24T18:30:00')).toEqual(['2031-12-24', '18:30']);
    expect(splitDateTime('')).toEqual(['', '']);
  });
});

describe('splitTypedDateTime', () => {
  it.each([
    ['2031-12-24T18:30', ['2031-12-24', '18:30']],
    ['2031/12/24 18:30', ['2031-12-24', '18:30']],
    ['２０３１年１２月２４日　１８時３０分', ['2031-12-24', '18:30']],
  ])('splits %j', (text, parts) => expect(splitTypedDateTime(text)).toEqual(parts));

  it.each(['2031-12-24', '2031-12-24T', 'T18:30', '2031-12-24T25:00', '2031-02-30 10:00', 'a b c'])('leaves %j alone', (text) =>
    expect(splitTypedDateTime(text)).toBeNull(),
  );
});
