import { describe, expect, it } from 'vitest';
import { commonPasswordChecker, PASSWORD_PROBLEMS, passwordProblems } from './password-policy.ts';

const isCommon = commonPasswordChecker(['123456', 'password1234', 'qwertyuiop12']);
const problems = (password: string, username = 'olga') => passwordProblems({ password, username, isCommon });

describe('the password policy', () => {
  it('takes a long, uncommon password without the username', () => {
    expect(problems('correct horse battery')).toEqual([]);
    expect(problems('Zählerstand-im-Mai')).toEqual([]);
  });

  it('wants at least 12 characters, counted as a person counts them', () => {
    expect(problems('abcdefghijk')).toEqual([PASSWORD_PROBLEMS.tooShort]);
    expect(problems('abcdefghijkl')).toEqual([]);
    // Eleven emoji are 22 UTF-16 units but eleven characters.
    expect(problems('🔋'.repeat(6) + '⚡'.repeat(5))).toEqual([PASSWORD_PROBLEMS.tooShort]);
  });

  it('refuses one character repeated, spaces included', () => {
    expect(problems('aaaaaaaaaaaa')).toEqual([PASSWORD_PROBLEMS.oneCharacter]);
    expect(problems(' '.repeat(12))).toEqual([PASSWORD_PROBLEMS.oneCharacter]);
    expect(problems('aaaaaaaaaaab')).toEqual([]);
  });

  it('refuses a common password whatever its case', () => {
    expect(problems('password1234')).toEqual([PASSWORD_PROBLEMS.common]);
    expect(problems('PassWord1234')).toEqual([PASSWORD_PROBLEMS.common]);
    expect(problems('123456')).toEqual([PASSWORD_PROBLEMS.tooShort, PASSWORD_PROBLEMS.common]);
  });

  it('refuses a password that contains the username, whatever its case', () => {
    expect(problems('my-name-is-OLGA!')).toEqual([PASSWORD_PROBLEMS.containsUsername]);
    expect(problems('olga-password-1')).toEqual([PASSWORD_PROBLEMS.containsUsername]);
    expect(problems('olga-password-1', 'otto')).toEqual([]);
  });

  it('names every problem at once', () => {
    expect(problems('olgaolga')).toEqual([PASSWORD_PROBLEMS.tooShort, PASSWORD_PROBLEMS.containsUsername]);
  });

  it('asks the guessability checker only about a password of full length that no other rule refused', () => {
    const asked: string[] = [];
    const isGuessable = (password: string, username: string) => {
      asked.push(`${password}/${username}`);
      return password.startsWith('Sommer');
    };
    const judge = (password: string) => passwordProblems({ password, username: 'olga', isGuessable });
    expect(judge('Sommer2026!!')).toEqual([PASSWORD_PROBLEMS.guessable]);
    expect(judge('quiet violet river')).toEqual([]);
    expect(judge('aaaaaaaaaaaa')).toEqual([PASSWORD_PROBLEMS.oneCharacter]);
    expect(judge('Sommer')).toEqual([PASSWORD_PROBLEMS.tooShort]);
    expect(asked).toEqual(['Sommer2026!!/olga', 'quiet violet river/olga']);
  });

  it('leaves the common check out when no checker is given (the console)', () => {
    expect(passwordProblems({ password: 'password1234', username: 'olga' })).toEqual([]);
  });
});
