// A player's page: draws the seat's messages from the live stream, nothing else.
// Every message is the seat's whole view (already stripped of what the seat may not
// see by the GM's program), so the page keeps no state of its own and never asks for
// anything but this seat's own address.  Text is only ever set with textContent.
"use strict";

(function () {
  const LANG = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
  const TEXT = {
    en: {
      hand: "Your hand", sheet: "Your sheet", order: "Round order", board: "Board", battle: "Battle map",
      table: "At the table", rolls: "Rolls", live: "live", connecting: "reconnecting…", gone: "link closed",
      goneNotice: "This link no longer works. Ask the GM for the new one.", noCards: "No cards",
      cards: (n) => `${n} card${n === 1 ? "" : "s"}`, piles: (d, x) => `Deck ${d} · Discard ${x}`,
      unknown: (n) => `Unknown ${n}`, noRolls: "No rolls yet", party: "party", gate: "gate", offMap: "not placed",
      skills: "Skills", weapons: "Weapons", conditions: "Conditions", items: "Items",
    },
    ja: {
      hand: "あなたの手札", sheet: "あなたのシート", order: "行動順", board: "盤面", battle: "戦闘マップ",
      table: "卓のキャラクター", rolls: "ダイスロール", live: "接続中", connecting: "再接続中…", gone: "リンク無効",
      goneNotice: "このリンクは使えなくなりました。GMに新しいリンクをもらってください。", noCards: "手札なし",
      cards: (n) => `${n}枚`, piles: (d, x) => `山札 ${d}・捨て札 ${x}`,
      unknown: (n) => `正体不明 ${n}`, noRolls: "まだロールはありません", party: "探索隊", gate: "門", offMap: "未配置",
      skills: "技能", weapons: "武器", conditions: "状態", items: "所持品",
    },
  }[LANG];
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const $ = (id) => document.getElementById(id);

  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = TEXT[el.dataset.t]; });

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function shownName(name) {
    const match = /^\?npc-(\d+)$/.exec(name || "");
    return match ? TEXT.unknown(match[1]) : name;
  }

  function cardNode(code, faceUp, small) {
    const node = el("span", "card" + (small ? " small" : ""));
    if (!faceUp || code.startsWith("?")) {
      node.classList.add("down");
      node.textContent = "?";
      return node;
    }
    const bare = code.split("#")[0];
    if (bare.startsWith("JK")) {
      node.textContent = "JK";
      return node;
    }
    const suit = bare.slice(-1);
    node.textContent = bare.slice(0, -1) + (SUITS[suit] || suit);
    if (suit === "H" || suit === "D") node.classList.add("red");
    return node;
  }

  function show(id, visible) { $(id).hidden = !visible; }

  function faceUp(view, code) {
    const flags = view.flags && view.flags[code];
    return Boolean(flags && flags.face_up);
  }

  function drawHand(view, seat) {
    const own = seat !== "table" && view.hands ? view.hands[seat] : undefined;
    show("hand-box", own !== undefined);
    const box = $("hand");
    box.replaceChildren();
    if (own === undefined) return;
    if (own.length === 0) box.append(el("span", "empty", TEXT.noCards));
    own.forEach((code) => box.append(cardNode(code, true, false)));
  }

  function fatigueText(thirds) {
    const whole = Math.floor(thirds / 3);
    const part = ["", "⅓", "⅔"][thirds % 3];
    return whole === 0 && part ? part : `${whole}${part}`;
  }

  const PAIRS = [["hp", "hp_max", "HP"], ["mp", "mp_max", "MP"], ["san", "san_max", "SAN"]];

  function drawSheet(view, seat, fields, words) {
    const character = seat !== "table" && view.characters ? view.characters[seat] : undefined;
    const sheet = character ? character.sheet : null;
    const values = character ? character.values || {} : {};
    show("sheet-box", Boolean(character) && (Boolean(sheet) || Object.keys(values).length > 0));
    const box = $("sheet");
    box.replaceChildren();
    if (!character) return;
    const data = sheet || {};
    const stats = el("div", "stats");
    PAIRS.forEach(([now, max, label]) => {
      if (typeof data[now] !== "number") return;
      const stat = el("div", "stat");
      stat.append(el("b", null, typeof data[max] === "number" ? `${data[now]}/${data[max]}` : data[now]));
      stat.append(el("span", null, label));
      stats.append(stat);
    });
    const fatigue = fields.find(([key]) => key === "fatigue_thirds");
    if (fatigue && typeof data.fatigue_thirds === "number") {
      const stat = el("div", "stat");
      stat.append(el("b", null, fatigueText(data.fatigue_thirds)), el("span", null, fatigue[1][LANG]));
      stats.append(stat);
    }
    if (stats.childElementCount) box.append(stats);
    // The sheet's other fields, as the GM's program names and orders them; a character
    // without a sheet shows its free values.
    const list = el("dl");
    fields.forEach(([key, label]) => {
      const value = data[key];
      if (key === "fatigue_thirds") return;
      if (value === undefined || value === null || typeof value === "object" || value === "") return;
      list.append(el("dt", null, label[LANG]), el("dd", null, value === true ? "✓" : value === false ? "—" : value));
    });
    Object.entries(values).forEach(([key, value]) => {
      if (value !== null && typeof value !== "object") list.append(el("dt", null, key), el("dd", null, value));
    });
    if (list.childElementCount) box.append(list);
    if (data.skills && typeof data.skills === "object") {
      box.append(el("p", "sub", TEXT.skills));
      const skills = el("ul", "skills");
      Object.entries(data.skills).forEach(([name, skill]) => {
        const value = skill && typeof skill === "object" ? skill.value : skill;
        const row = el("li");
        row.append(el("span", null, name), el("b", null, value));
        skills.append(row);
      });
      box.append(skills);
    }
    [["weapons", TEXT.weapons], ["conditions", TEXT.conditions], ["items", TEXT.items]].forEach(([key, title]) => {
      const rows = data[key];
      if (!Array.isArray(rows) || rows.length === 0) return;
      box.append(el("p", "sub", title));
      const list2 = el("ul", "rows");
      rows.forEach((row) => list2.append(el("li", null, describe(row, words))));
      box.append(list2);
    });
  }

  function describe(row, words) {
    if (row === null || typeof row !== "object") return String(row);
    const head = row.name || row.kind || "";
    const word = (key) => (words[key] ? words[key][LANG] : key.replace(/_/g, " "));
    const rest = Object.entries(row)
      .filter(([key, value]) => key !== "name" && value !== null && value !== "" && value !== false && typeof value !== "object")
      .map(([key, value]) => (value === true ? word(key) : `${word(key)} ${value}`));
    return rest.length ? `${head} (${rest.join(", ")})` : head;
  }

  function columnName(col) { return String.fromCharCode(65 + col); }

  function drawBoard(view) {
    const upland = (view.slices && view.slices.upland) || {};
    const hasTable = Array.isArray(view.deck) || (view.squares && Object.keys(view.squares).length > 0);
    show("board-box", Boolean(hasTable && view.cols && view.rows));
    const box = $("board");
    box.replaceChildren();
    if (!hasTable) return;
    box.style.gridTemplateColumns = `repeat(${view.cols}, 1fr)`;
    for (let row = 0; row < view.rows; row += 1) {
      for (let col = 0; col < view.cols; col += 1) {
        const name = columnName(col) + (row + 1);
        const square = el("div", "square");
        square.append(el("span", "name", name));
        const stack = (view.squares && view.squares[name]) || [];
        if (stack.length) square.append(cardNode(stack[0], faceUp(view, stack[0]), true));
        if (stack.length > 1) square.append(el("span", "count", stack.length));
        if (upland.party === name) { square.classList.add("party"); square.title = TEXT.party; }
        if (upland.gate === name) square.classList.add("gate");
        const here = Object.entries(upland.markers || {}).filter(([, at]) => at === name);
        if (here.length) {
          const who = here.map(([cid]) => Array.from((view.characters[cid] || { name: "?" }).name)[0]).join("");
          square.append(el("span", "markers", who));
        }
        box.append(square);
      }
    }
    const deck = (view.deck || []).length;
    const discard = (view.discard || []).length;
    $("piles").textContent = TEXT.piles(deck, discard);
  }

  const SVG = "http://www.w3.org/2000/svg";

  function svg(tag, attributes) {
    const node = document.createElementNS(SVG, tag);
    Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, String(value)));
    return node;
  }

  function hexOf(label) {
    // "C4" → column 2, row 3 (letters then a 1-based row; the engine's odd-r offset layout)
    const match = /^([A-Z]+)(\d+)$/.exec(label || "");
    if (!match) return null;
    let col = 0;
    for (const char of match[1]) col = col * 26 + (char.charCodeAt(0) - 64);
    return { col: col - 1, row: Number(match[2]) - 1 };
  }

  function drawMap(hexMap, tokens) {
    // One map of the battle board as hexes, the visible tokens on it.
    const width = hexMap.width;
    const height = hexMap.height;
    const size = 10;
    const w = Math.sqrt(3) * size;
    const picture = svg("svg", {
      viewBox: `${-w / 2 - 2} ${-size - 2} ${w * (width + 0.5) + 4} ${size * (1.5 * height + 0.5) + 4}`,
      class: "hexmap",
    });
    const centre = (col, row) => [w * (col + 0.5 * (row & 1)), 1.5 * size * row];
    const corners = (x, y) => [0, 1, 2, 3, 4, 5]
      .map((i) => { const a = Math.PI / 180 * (60 * i - 30); return `${x + size * Math.cos(a)},${y + size * Math.sin(a)}`; })
      .join(" ");
    for (let row = 0; row < height; row += 1) {
      for (let col = 0; col < width; col += 1) {
        const [x, y] = centre(col, row);
        picture.append(svg("polygon", { points: corners(x, y), class: "hex" }));
      }
    }
    tokens.forEach((token) => {
      const spot = hexOf(token.at.hex);
      if (!spot) return;
      const [x, y] = centre(spot.col, spot.row);
      picture.append(svg("circle", { cx: x, cy: y, r: size * 0.72, fill: token.color || "#c9a227", class: "token" }));
      const text = svg("text", { x, y: y + 3.2, class: token.kind === "character" ? "mark" : "mark enemy" });
      text.textContent = Array.from(shownName(token.label || token.id))[0] || "?";
      picture.append(text);
    });
    return picture;
  }

  function drawBattle(view) {
    const battle = view.slices && view.slices.battle;
    const tokens = battle && battle.tokens ? Object.values(battle.tokens) : [];
    show("battle-box", Boolean(battle && battle.maps));
    const box = $("battle");
    const maps = $("maps");
    box.replaceChildren();
    maps.replaceChildren();
    if (!battle || !battle.maps) return;
    battle.maps.forEach((hexMap, index) => {
      const here = tokens.filter((token) => token.at && token.at.map === index + 1);
      if (index === 0 || here.length) maps.append(drawMap(hexMap, here));
    });
    tokens.forEach((token) => {
      const where = token.at ? `${token.at.map}:${token.at.hex}` : TEXT.offMap;
      box.append(el("li", null, `${shownName(token.label || token.id)} — ${where}`));
    });
  }

  function drawOrder(view, words) {
    const coc = view.slices && view.slices.coc6;
    const combat = coc && coc.combat;
    show("order-box", Boolean(combat));
    const box = $("order");
    box.replaceChildren();
    if (!combat) return;
    const bars = Boolean(view.options && view.options.show_bars);
    combat.order.forEach((name, index) => {
      if (/^\?npc-\d+$/.test(name)) return; // an NPC the players have not met is in no players' screen
      const who = combat.combatants ? combat.combatants[name] : null;
      let line = shownName(name);
      const state = words["state:" + name];
      if (state) line += `（${state[LANG]}）`;
      if (bars && who && typeof who.hp === "number") line += `  HP ${who.hp}/${who.hp_max}`;
      if (who && Array.isArray(who.conditions) && who.conditions.length) {
        line += `  [${who.conditions.map((c) => (words[c.kind] ? words[c.kind][LANG] : c.kind)).join(", ")}]`;
      }
      box.append(el("li", index === combat.current ? "now" : null, line));
    });
  }

  function drawTable(view, seat) {
    const people = Object.values(view.characters || {}).sort((a, b) => (a.order || 0) - (b.order || 0));
    show("table-box", people.length > 0);
    const box = $("table");
    box.replaceChildren();
    people.forEach((person) => {
      const hand = view.hands ? view.hands[person.id] : undefined;
      let line = person.name;
      if (hand !== undefined) line += ` — ${TEXT.cards(hand.length)}`;
      const item = el("li", null, line);
      if (person.id === seat) item.style.fontWeight = "700";
      box.append(item);
    });
  }

  function drawFeed(feed) {
    const box = $("feed");
    box.replaceChildren();
    if (!feed.length) box.append(el("li", "empty", TEXT.noRolls));
    feed.forEach((line) => box.append(el("li", null, line[LANG])));
  }

  function draw(message) {
    const view = message.view;
    $("seat").textContent = message.name[LANG];
    document.title = `${message.name[LANG]} — yobigoe`;
    const banner = message.banner[LANG];
    $("banner").hidden = !banner;
    $("banner").textContent = banner || "";
    $("notice").hidden = true;
    drawHand(view, message.seat);
    drawSheet(view, message.seat, message.fields || [], message.words || {});
    drawOrder(view, message.words || {});
    drawBoard(view);
    drawBattle(view);
    drawTable(view, message.seat);
    drawFeed(message.feed);
    document.body.dataset.seq = String(message.seq);
  }

  function status(state) {
    const node = $("status");
    node.dataset.state = state;
    node.textContent = TEXT[state];
  }

  function forget() {
    // The link was renewed or the seat left: nothing of the seat stays on the screen.
    ["hand", "sheet", "order", "board", "battle", "table", "feed", "piles"].forEach((id) => $(id).replaceChildren());
    ["hand-box", "sheet-box", "order-box", "board-box", "battle-box", "table-box"].forEach((id) => show(id, false));
    $("banner").hidden = true;
    $("seat").textContent = "yobigoe";
    $("notice").textContent = TEXT.goneNotice;
    $("notice").hidden = false;
    status("gone");
  }

  let source = null;
  let delay = 1000;
  let timer = null;

  function connect() {
    clearTimeout(timer);
    timer = null;
    if (source) source.close();
    status("connecting");
    source = new EventSource("live");
    source.addEventListener("seat", (event) => {
      delay = 1000;
      status("live");
      draw(JSON.parse(event.data));
    });
    source.onopen = () => status("live");
    source.onerror = () => {
      status("connecting");
      if (source.readyState === EventSource.CLOSED) later();
    };
  }

  function later() {
    if (timer) return;
    timer = setTimeout(check, delay);
    delay = Math.min(delay * 2, 10000);
  }

  function check() {
    timer = null;
    fetch("view.json", { method: "HEAD", cache: "no-store" })
      .then((answer) => {
        if (answer.status === 404) {
          if (source) source.close();
          forget();
        } else if (answer.ok) {
          connect();
        } else {
          later();
        }
      })
      .catch(later);
  }

  // A phone that slept or lost the Wi-Fi reconnects as soon as it is back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && source && source.readyState !== EventSource.OPEN) check();
  });
  window.addEventListener("online", check);
  connect();
})();
