import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

describe('the SQLite statement cache', () => {
  it('reuses a prepared statement for the same SQL, and results stay right', () => {
    const db = withStatementCache(new SQLite(':memory:'));
    db.prepare('create table t (x integer)').run();
    const insert = db.prepare('insert into t (x) values (?)');
    expect(db.prepare('insert into t (x) values (?)')).toBe(insert);
    for (let i = 1; i <= 3; i++) db.prepare('insert into t (x) values (?)').run(i);
    expect(db.prepare('select sum(x) as s from t').get()).toEqual({ s: 6 });
    db.close();
  });

  it('keeps at most `max` statements, dropping the oldest', () => {
    const db = withStatementCache(new SQLite(':memory:'), 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    expect(db.prepare('select 1')).not.toBe(a);
    db.close();
  });
});
