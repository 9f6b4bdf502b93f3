import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sanitiseInboundHtml } from './sanitise-html';

describe('inbound HTML as stored', () => {
  it('drops scripts, handlers, frames, forms, style blocks and javascript: links', () => {
    const html = sanitiseInboundHtml(
      '<style>body{background:url(https://t.test/p)}</style><body onload="x()"><script>alert(1)</script>' +
        '<p onclick="y()">Hi <a href="javascript:alert(1)">x</a></p><iframe src="https://e.test"></iframe>' +
        '<form action="https://e.test"><input name="q"></form><img src="https://t.test/a.png" onerror="z()">',
    );
    assert.doesNotMatch(html, /script|onload|onclick|onerror|iframe|<form|<input|javascript:|<style|url\(/i);
    assert.match(html, /<p>Hi <a[^>]*>x<\/a><\/p>/);
    assert.match(html, /<img src="https:\/\/t\.test\/a\.png" \/>/);
  });

  it('keeps the layout mail is written with, and opens links outside the viewer without a referrer', () => {
    const html = sanitiseInboundHtml(
      '<table width="100%" cellpadding="0"><tr><td bgcolor="#fff" style="color:#333;padding:4px">Cell</td></tr></table>' +
        '<a href="https://ok.test/page">ok</a><img src="cid:logo@mail">',
    );
    assert.match(html, /<table width="100%" cellpadding="0">/);
    assert.match(html, /<td bgcolor="#fff" style="color:#333;padding:4px">Cell<\/td>/);
    assert.match(html, /<a href="https:\/\/ok\.test\/page" target="_blank" rel="noopener noreferrer nofollow">ok<\/a>/);
    assert.match(html, /<img src="cid:logo@mail" \/>/);
  });

  it('drops a style attribute that loads or runs anything', () => {
    const html = sanitiseInboundHtml('<div style="background:URL( https://t.test/p.gif )">a</div><span style="width:expression(alert(1))">b</span>');
    assert.equal(html, '<div>a</div><span>b</span>');
  });
});
