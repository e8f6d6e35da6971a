"""Issue 15: every table of the command line in 简体, 繁體, English and 日本語 (``--lang``), the
same default for every command (the system locale, else English), and every word of the output
in the language asked for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from suanfan.cli import main
from suanfan.commands.i18n import LANGS, WORDS, default_lang

#: a command for each kind of table, with hands that show most of the words
COMMANDS = {
    "mcr": ["mcr", "[111z1]1234556789m 5m", "--self-drawn", "--flowers", "2"],
    "mcr-false-win": ["mcr", "[567p1]123m456s78sEE 9s", "--discarder", "W"],
    "riichi": ["riichi", "234m456p678s2255s 5s", "--riichi", "--tsumo", "--dora", "4s", "--honba", "1",
               "--riichi-sticks", "1"],
    "riichi-ron": ["riichi", "[222m1][777z2]456s78s11p 9s", "--seat-wind", "S"],
    "waits": ["waits", "[567p1]123m456s78sEE"],
    "waits-riichi": ["waits", "234m456p678s2255s", "--system", "riichi"],
    "analyze-13": ["analyze", "[EEEE]123m456p78s99s"],
    "analyze-14": ["analyze", "123m456p789s1357z 2z"],
    "analyze-useful": ["analyze", "123m456p789s1357z"],
    "rules": ["rules", "mcr-extended"],
}
#: what may stay ASCII in a Chinese or Japanese table: tile notation, numbers, preset and
#: system names, fan ids in brackets (`suanfan rules`)
NOTATION = re.compile(r"[\[\]0-9mpszf+×=/→:;,.()\-]+")
IDENTIFIERS = {"mcr", "riichi", "default", "extended"}
SIMPLIFIED_ONLY = set("门风龙杠对张听发单顺东无宝灯计错数种进铳")
TRADITIONAL_ONLY = set("門風龍槓對張聽發單順東無寶燈計錯數種進銃")


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def _words(text: str) -> list[str]:
    text = re.sub(r"\[[a-z_0-9]+\]", "", text)  # `suanfan rules`: the fan ids
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_\-']*", text)
            if not NOTATION.fullmatch(w) and w not in IDENTIFIERS]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_word_in_the_language_asked_for(capsys: pytest.CaptureFixture[str], name: str,
                                              lang: str) -> None:
    out = _run(capsys, [*COMMANDS[name], "--lang", lang])
    if name == "rules":  # the presets' sources and descriptions are English prose (data)
        w = WORDS[lang]  # (the first line and the source and date lines)
        out = "\n".join(line for line in out.splitlines()[1:]
                        if not line.startswith((w["r_source"] + ":", w["r_date"] + ":")))
    if lang == "en":
        cjk = [c for c in out if "\u3040" <= c <= "\u9fff"]
        assert not cjk, out
        return
    assert not _words(out), (_words(out), out)
    if lang == "zh-Hans":
        assert not TRADITIONAL_ONLY & set(out), out
    else:  # 繁體 and 日本語 use no simplified-only characters (数 宝 灯 are Japanese too)
        banned = SIMPLIFIED_ONLY - set("数宝灯") if lang == "ja" else SIMPLIFIED_ONLY
        assert not banned & set(out), (banned & set(out), out)


def test_the_default_follows_the_locale(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    outs = {}
    for locale, lang in (("ja_JP.UTF-8", "ja"), ("zh_TW.UTF-8", "zh-Hant"), ("zh_CN.UTF-8", "zh-Hans"),
                         ("C", "en"), ("", "en")):
        monkeypatch.setenv("LANG", locale)
        assert default_lang() == lang
        for cmd in ("mcr", "riichi", "waits", "analyze-13"):
            outs[(cmd, lang)] = _run(capsys, COMMANDS[cmd])
            assert outs[(cmd, lang)] == _run(capsys, [*COMMANDS[cmd], "--lang", lang])
    assert outs[("mcr", "ja")] != outs[("mcr", "en")]
    # LC_ALL comes before LANG
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert default_lang() == "ja"
    assert default_lang({"LANG": "zh_HK.UTF-8"}) == "zh-Hant"


def test_lang_names(capsys: pytest.CaptureFixture[str]) -> None:
    zh = _run(capsys, [*COMMANDS["mcr"], "--lang", "zh"])
    assert zh == _run(capsys, [*COMMANDS["mcr"], "--lang", "zh-Hans"])
    with pytest.raises(SystemExit):
        main([*COMMANDS["mcr"], "--lang", "fr"])
    assert "unknown language 'fr'" in capsys.readouterr().err
    assert all(set(WORDS[lang]) == set(WORDS["en"]) for lang in LANGS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", ["mcr", "riichi"])
def test_tournament_sheet_in_the_language_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    system: str, lang: str) -> None:
    """A tournament's score sheet (`tournament sheet`, `hand`, `end`): the connecting words are the
    language's too, not only the fan and yaku names."""
    db = str(tmp_path / "t.db")
    assert main(["tournament", "create", db, "--name", "T", "--system", system]) == 0
    names = ["Pa", "Pb", "Pc", "Pd"]
    assert main(["tournament", "players", db, *(x for n in names for x in ("--add", n))]) == 0
    assert main(["tournament", "seat", db, "--method", "strongest"]) == 0
    capsys.readouterr()
    if system == "mcr":
        hands = [["[111z1]1234556789m 5m", "--winner", "Pa", "--self-drawn"],
                 ["--fan", "8", "--winner", "Pb", "--discarder", "Pc"], ["--false-win", "Pd"], ["--draw"]]
    else:
        hands = [["123456m789p34s55s 2s", "--winner", "Pb", "--discarder", "Pa", "--riichi", "Pb",
                  "--dora", "1m"],
                 ["234m456p678s2255s 5s", "--winner", "Pc", "--self-drawn"],
                 ["--draw", "--tenpai", "Pa"]]
    out = ""
    for h in hands:
        out += _run(capsys, ["tournament", "hand", db, "1", "1", *h, "--lang", lang])
    out += _run(capsys, ["tournament", "sheet", db, "1", "1", "--lang", lang])
    out += _run(capsys, ["tournament", "end", db, "1", "1", "--lang", lang])
    for n in names:
        out = out.replace(n, "")
    out = re.sub(r"\b[ESWN]\d\b", "", out)  # the hands' labels (E1: East 1), notation
    if lang == "en":
        assert not [c for c in out if "\u3040" <= c <= "\u9fff"], out
        assert "table points" in out or "final points" in out
        return
    assert not _words(out), (_words(out), out)
    assert "4.1, " not in out  # a value shown exactly has no "exact" note (4.1 is 41/10, not the float)
