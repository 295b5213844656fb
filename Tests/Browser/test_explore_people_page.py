"""The Explore panel shows each person beside the team: a designer on a desktop and a PM on a
390 px phone answer one round (keys and taps), and both see each one's predicted liking of the
best and, parameter by parameter, what each likes most, in the server's words."""
from test_page import sync_api  # noqa: F401  (fixtures)
from decide_pages import people, serious  # noqa: F401  (fixtures)
from test_explore_page import start_explore, wait_answers


def test_each_person_and_the_team_under_the_best(people):
    dana = people("Dana")
    start_explore(dana, "inactiveLineWidth", "fillEnabled")
    assert dana.locator("#explore-people").is_hidden()   # nobody has answered

    pat = people("Pat", viewport={"width": 390, "height": 844}, touch=True)
    pat.locator("#open-explore").click()
    pat.locator("#explore-list li").first.get_by_role("button", name="Join").click()
    pat.wait_for_selector("#explore-b svg")
    for n in range(1, 7):
        page = dana if n % 2 else pat
        page.wait_for_function("() => !document.querySelector('[data-explore-choice=a]').disabled", timeout=10000)
        if page is dana:
            page.keyboard.press("1")
        else:
            page.get_by_role("button", name="B is better").tap()
        wait_answers(page, n)

    best = dana.evaluate("fetch('/api/explore').then(r => r.json()).then(l => l[0].best)")
    for page in (dana, pat):
        # The summary can read the same after the fifth answer as after the sixth: the page has the
        # sixth's best once each person's answers and liking read as the server's.
        page.wait_for_function("t => document.querySelector('#explore-agreement-summary').textContent === t", arg=best["agreementSummary"], timeout=10000)
        page.wait_for_function("texts => JSON.stringify([...document.querySelectorAll('#explore-people-liking li')].map(li => li.textContent)) === JSON.stringify(texts)",
                               arg=[p["text"] for p in best["people"]], timeout=10000)
        # The team's liking over the start, beside each person's (one zero for both: the start).
        assert page.locator("#explore-best-uncertainty").inner_text().startswith(f"The team: {best['overStart']['text']};")
        section = page.locator("#explore-people")
        assert section.is_visible()
        assert page.locator("#explore-people-liking li").all_inner_texts() == [p["text"] for p in best["people"]]
        assert sorted(p["person"] for p in best["people"]) == ["Dana", "Pat"]
        assert page.locator("#explore-agreement li").all_inner_texts() == [f"{a['label']}: {a['text']}" for a in best["agreement"]]
        # A plot only where people differ on a number; it repeats the text, so screen readers skip it.
        plots = page.locator("#explore-agreement svg")
        assert plots.count() == sum(1 for a in best["agreement"] if not a["agree"] and a["team"]["position"] is not None)
        for i in range(plots.count()):
            assert plots.nth(i).get_attribute("aria-hidden") == "true"
    # A number's ends are the round's range, in the definitions' words; a switch has none.
    by_key = {a["parameter"]: a for a in best["agreement"]}
    low, high = by_key["inactiveLineWidth"]["ends"]
    assert low.endswith(" px") and high.endswith(" px") and float(low[:-3]) < float(high[:-3])
    assert by_key["fillEnabled"]["ends"] == []
    # The phone has no keys: its answer buttons show none; the desktop's do.
    assert dana.locator("[data-explore-choice=a] kbd").is_visible()
    assert pat.locator("[data-explore-choice=a] kbd").is_hidden()
    assert serious(dana, "#explore-dialog") == [] and serious(pat, "#explore-dialog") == []
    assert dana.errors == [] and pat.errors == []


def draw_plot(page, liked, team, text="differ", ends=None):
    """The plot for one number, drawn by the page's own module into a list with the page's own
    styles (id `plot-under-test`): `liked` is each person's name and liked position, `team` the
    team's position."""
    page.evaluate("""async ({ liked, team, text, ends }) => {
        const { renderPeople } = await import('/js/explore-people.js');
        const [section, summary, likings, list] = ['section', 'p', 'ul', 'ul'].map(name => document.body.appendChild(document.createElement(name)));
        list.className = 'explore-agreement';
        list.id = 'plot-under-test';
        const people = liked.map(([person, position]) => ({ person, position }));
        renderPeople(section, summary, likings, list, {
            people: people.map(p => ({ text: p.person })), agreementSummary: '',
            agreement: [{ label: 'Width', text, agree: false, team: { position: team }, people, ...(ends ? { ends } : {}) }],
        });
    }""", {"liked": liked, "team": team, "text": text, "ends": ends})


def test_initials_of_people_who_like_nearly_the_same_value_do_not_overlap(people):
    """Three people at 0.50, 0.51 and 0.90 of a range: the first two initials take two rows, the
    third stays on the first; no two labels overlap, and each stays above its dot."""
    dana = people("Dana")
    draw_plot(dana, [("Dana", 0.5), ("Priya", 0.51), ("Pat", 0.9)], team=0.6)
    boxes = dana.evaluate("""() => {
        const svg = document.querySelector('#plot-under-test svg');
        const dots = [...svg.querySelectorAll('circle.person')].map(c => c.getBoundingClientRect());
        return { labels: [...svg.querySelectorAll('text:not(.key)')].map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; }),
                 team: [...svg.querySelectorAll('text.key')].map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; }),
                 dotTop: Math.min(...dots.map(d => d.top)) };
    }""")
    labels = boxes["labels"]
    assert [label[0] for label in labels] == ["Da", "Pr", "Pa"]
    # The team's ring is named above it as the people are, clear of their initials.
    (team,) = boxes["team"]
    assert team[0] == "team" and team[4] <= boxes["dotTop"] + 1
    for a in labels:
        assert a[2] <= team[1] or team[2] <= a[1] or a[4] <= team[3] or team[4] <= a[3], (a, team)
    for i, a in enumerate(labels):
        assert a[4] <= boxes["dotTop"] + 1
        for b in labels[i + 1:]:
            assert a[2] <= b[1] or b[2] <= a[1] or a[4] <= b[3] or b[4] <= a[3], (a, b)
    assert labels[0][3] != labels[1][3] and labels[0][3] == labels[2][3]


def test_each_label_tells_its_person_from_the_others(people):
    """Names that begin alike get labels long enough to tell them apart (Dana and Dave: "Dan" and
    "Dav"; Ann and Anna: whole), other names two characters, and a label never cuts a character
    in two (an emoji, a letter and its accent). Close together, the longer labels do not overlap."""
    dana = people("Dana")
    names = ["Dana", "Dave", "Ann", "Anna", "Pat", "\U0001F600x", "Zo\u0065\u0308y", "Zoe"]
    draw_plot(dana, [(name, 0.3 + 0.02 * i) for i, name in enumerate(names)], team=0.9)
    found = dana.evaluate("""() => [...document.querySelectorAll('#plot-under-test svg text:not(.key)')]
        .map(t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; })""")
    by_text = sorted(label[0] for label in found)
    assert by_text == sorted(["Dan", "Dav", "Ann", "Anna", "Pa", "\U0001F600x", "Zo\u0065\u0308", "Zoe"]), by_text
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            assert a[2] <= b[1] or b[2] <= a[1] or a[4] <= b[3] or b[4] <= a[3], (a, b)


def test_a_plot_names_its_ends_and_is_left_out_of_copied_text(people):
    """People at both ends of the range: the labels "0.5 px" (left) and "24 px" (right) sit below
    the track inside the plot, clear of each other and of the initials, and the team's ring is
    named "team" above it; selecting the list and copying it gives the words, not the plot's
    initials, ends or names."""
    dana = people("Dana")
    draw_plot(dana, [("Dana", 0), ("Pat", 1)], team=0.5, text="Dana 0.5 px, Pat 24 px; the team 12 px", ends=["0.5 px", "24 px"])
    found = dana.evaluate("""() => {
        const list = document.getElementById('plot-under-test');
        const svg = list.querySelector('svg'), box = svg.getBoundingClientRect();
        const track = svg.querySelector('line.track').getBoundingClientRect();
        const rect = t => { const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.right, r.top, r.bottom]; };
        const selection = getSelection();
        selection.selectAllChildren(list);
        return { ends: [...svg.querySelectorAll('text.end')].map(rect), initials: [...svg.querySelectorAll('text:not(.end):not(.key)')].map(rect),
                 key: [...svg.querySelectorAll('text.key')].map(rect), ring: svg.querySelector('circle.team').getBoundingClientRect().toJSON(),
                 rings: svg.querySelectorAll('circle.team').length,
                 box: [box.left, box.right, box.top, box.bottom], trackY: track.bottom, copied: selection.toString() };
    }""")
    (low, high), box = found["ends"], found["box"]
    assert [low[0], high[0]] == ["0.5 px", "24 px"]
    assert low[2] <= high[1]                                     # apart, low on the left
    for end in (low, high):
        assert end[3] >= found["trackY"] - 1                    # below the track
        assert box[0] - 1 <= end[1] and end[2] <= box[1] + 1    # inside the plot's width
        assert end[4] <= box[3] + 1
        for initial in found["initials"]:
            assert end[3] >= initial[4] or end[4] <= initial[3]
    # The ring is named "team" above it, as the people are; one ring, no key apart (read as a second team).
    (key,) = found["key"]
    ring = found["ring"]
    assert found["rings"] == 1 and key[0] == "team", found
    assert key[1] <= (ring["left"] + ring["right"]) / 2 <= key[2] and key[4] <= ring["top"] + 1, (key, ring)
    assert "24 px" in found["copied"] and "Da" not in found["copied"].replace("Dana", "") and "team" not in found["copied"].replace("the team", "")
    assert "0.5 px24" not in found["copied"]
