// Refreshes the inbox every second from /__local/dashboard/inbox (JSON). Every value becomes a
// text node: nothing the server sends is ever parsed as markup.
"use strict";

function cell(text, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = text;
  return td;
}

function renderInbox(messages) {
  const inbox = document.getElementById("inbox");
  if (messages.length === 0) {
    const empty = document.createElement("p");
    empty.className = "empty";
    empty.textContent = "No messages yet. Codes the server sends appear here as they are sent.";
    inbox.replaceChildren(empty);
    return;
  }
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const title of ["Sent (UTC)", "To", "Purpose", "Code"]) {
    const th = document.createElement("th");
    th.textContent = title;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const message of messages) {
    const row = body.insertRow();
    row.className = "message";
    row.dataset.id = message.id;
    row.appendChild(cell(message.time));
    const to = cell(message.to + " ", "id");
    const channel = document.createElement("span");
    channel.className = "tag";
    channel.textContent = message.channel;
    to.appendChild(channel);
    row.appendChild(to);
    row.appendChild(cell(message.purpose));
    const code = document.createElement("code");
    code.className = message.isLink ? "code link" : "code";
    code.textContent = message.code;
    const codeCell = cell("");
    codeCell.appendChild(code);
    row.appendChild(codeCell);
  }
  inbox.replaceChildren(table);
}

setInterval(async () => {
  try {
    const answer = await fetch("/__local/dashboard/inbox", { cache: "no-store", headers: { Accept: "application/json" } });
    if (answer.ok) renderInbox((await answer.json()).messages);
  } catch (_) {}
}, 1000);
