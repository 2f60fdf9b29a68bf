"""Self-play: ``python -m engine.selfplay --ruleset base --players 2 --games 200 --seed 1 [--json]``.

Without ``--agents``: plays games with uniformly random legal actions (every pending decision
included), checks the ruleset's invariants after every action and prints a summary (the engine's
speed in turns/s).  The exit status is non-zero on any invariant failure or stuck game.  Works for
every registered ruleset.  The move picker uses its own seeded generator, never the global
``random`` module.

With ``--agents random,easy,hard`` (one computer player per seat, :mod:`engine.ai`; also the benchmark
baselines ``greedy1``, ``uct``, ``ismcts``, ``rollout``...; ``hard@64`` caps that agent at 64 iterations): the seats
rotate from game to game (game ``i`` gives seat ``j`` the agent ``(i + j) % players``), and each agent's
win rate (a shared win counts as a fraction) is printed with a 95% confidence interval (Wilson), its
average points, and the CPU seconds per move and search iterations per CPU second (process time, so
that a loaded machine does not distort them).
``--tune ROUNDS`` tunes the Splendor worth's weights by greedy self-play (:mod:`engine.ai.tuning`),
``--games`` games per round from ``--seed``, and prints one JSON line per round and the best weights;
``--weights-match`` plays greedy with ``heuristics.TUNED`` against greedy with ``heuristics.PLAIN``.
``--budget SECONDS`` is the time per move (overriding the levels' defaults); ``--iterations N`` caps
the search instead, with no clock (reproducible).  ``--jobs N`` plays the games in N processes (the same
games and totals as one process).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine import GameConfig, new_game
from engine.randomplay import play_random
from engine.rng import Rng

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from engine.ai.heuristics import Weights

MAX_ACTIONS = 5000  # a game still running after this many actions counts as stuck


@dataclass
class Summary:
    ruleset: str
    players: int
    games: int = 0
    turns: int = 0
    actions: int = 0
    stuck: int = 0
    failures: list[str] = field(default_factory=list)
    winners: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        secs = max(self.seconds, 1e-9)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "turns": self.turns,
            "actions": self.actions,
            "mean_turns_per_game": round(self.turns / self.games, 2) if self.games else 0.0,
            "games_per_s": round(self.games / secs, 1),
            "turns_per_s": round(self.turns / secs, 1),
            "actions_per_s": round(self.actions / secs, 1),
            "seconds": round(self.seconds, 3),
            "stuck": self.stuck,
            "invariant_failures": len(self.failures),
            "winners": dict(sorted(self.winners.items())),
        }


def play(ruleset: str, players: int, games: int, seed: int, *, check: bool = True, quiet: bool = False,
         clock: Callable[[], float] = time.perf_counter) -> Summary:
    """Play ``games`` random games; game ``i`` uses seed ``seed + i``.  ``quiet``: the events-off mode of
    search play-outs (no event log, no history: ``GameState.set_quiet``).  ``clock`` times the games."""
    summary = Summary(ruleset, players)
    picker = Rng(seed ^ 0x5EED)
    new_game(GameConfig(ruleset, players, seed))  # load the ruleset's modules before the clock starts
    start = clock()
    for i in range(games):
        state = new_game(GameConfig(ruleset, players, seed + i))
        if quiet:
            state.set_quiet()
        actions, stuck, failure = play_random(state, picker, MAX_ACTIONS, check)
        summary.stuck += stuck
        if failure is not None:
            summary.failures.append(f"game seed {seed + i}, action {actions}: {failure}")
        summary.games += 1
        summary.actions += actions
        summary.turns += state.turn
        if state.is_over:
            label = "tie:" + ",".join(str(w) for w in state.winners()) if len(state.winners()) > 1 \
                else f"seat {state.winners()[0]}"
            summary.winners[label] += 1
    summary.seconds = clock() - start
    return summary


@dataclass
class AgentStats:
    games: int = 0
    wins: float = 0.0
    points: int = 0
    moves: int = 0
    iterations: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 2),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "avg_points": round(self.points / self.games, 2) if self.games else 0.0,
            "seconds_per_move": round(self.seconds / self.moves, 4) if self.moves else 0.0,
            "iterations_per_s": round(self.iterations / self.seconds, 1) if self.seconds else 0.0,
        }

    def add(self, other: AgentStats) -> None:
        self.games += other.games
        self.wins += other.wins
        self.points += other.points
        self.moves += other.moves
        self.iterations += other.iterations
        self.seconds += other.seconds


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    den = 1 + z * z / games
    return max(0.0, (centre - margin) / den), min(1.0, (centre + margin) / den)


def match(ruleset: str, agents: list[str], games: int, seed: int, *, budget: float | None = None,
          iterations: int | None = None, players: int | None = None,
          progress: Callable[[int, list[str], tuple[int, ...], tuple[int, ...]], None] | None = None,
          jobs: int = 1, clock: Callable[[], float] = time.perf_counter) -> dict[str, AgentStats]:
    """Play ``games`` games, one agent per seat, seats rotating; statistics keyed by agent.

    ``progress(game, seating, winners, scores)`` is called after each game; ``clock`` times the moves.  ``jobs``
    > 1 plays the games in that many processes (game ``i`` in process ``i % jobs``); the games, and so the
    totals, are the same."""
    if jobs <= 1 or games <= 1:
        return _match_games(ruleset, agents, range(games), seed, budget, iterations, players, progress, clock)
    jobs = min(jobs, games)
    with process_pool(jobs) as pool:
        parts = [pool.submit(_match_games, ruleset, agents, range(k, games, jobs), seed, budget, iterations,
                             players, progress, clock) for k in range(jobs)]
        stats: dict[str, AgentStats] = {name: AgentStats() for name in agents}
        for part in parts:
            for name, st in part.result().items():
                stats[name].add(st)
    return stats


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` worker processes, forked where the platform can (the parent's modules already loaded)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=ctx)


def _match_games(ruleset: str, agents: list[str], indices: range, seed: int, budget: float | None,
                 iterations: int | None, players: int | None,
                 progress: Callable[[int, list[str], tuple[int, ...], tuple[int, ...]], None] | None,
                 clock: Callable[[], float] = time.perf_counter) -> dict[str, AgentStats]:
    from engine.ai import choose

    n = players or len(agents)
    stats: dict[str, AgentStats] = {name: AgentStats() for name in agents}
    for i in indices:
        seating = [agents[(i + j) % len(agents)] for j in range(n)]
        state = new_game(GameConfig(ruleset, n, seed + i))
        done = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            if done >= MAX_ACTIONS:
                raise RuntimeError(f"game seed {seed + i} stuck after {done} actions ({seating})")
            name = seating[seat]
            level, _, cap = name.partition("@")  # "hard@64": 64 iterations for this agent
            calls = [0]
            stop = counting_deadline(budget, calls)
            start = clock()
            action = choose(state.view_for(seat), level=level, seed=(seed + i) * 1000 + done, deadline=stop,
                            iterations=int(cap) if cap else iterations)
            agent = stats[name]
            agent.seconds += clock() - start
            agent.moves += 1
            agent.iterations += calls[0] + 1
            state.apply_in_place(seat, action)
            done += 1
        won = state.winners()
        scores = state.scores()
        for seat, name in enumerate(seating):
            agent = stats[name]
            agent.games += 1
            agent.points += scores[seat]
            if seat in won:
                agent.wins += 1 / len(won)
        if progress is not None:
            progress(i, seating, won, scores)
    return stats


def print_game(game: int, seating: list[str], winners: tuple[int, ...], scores: tuple[int, ...]) -> None:
    """One line per finished game on stderr, so that a long benchmark shows (and keeps) its progress."""
    print(json.dumps({"game": game, "seating": seating, "winners": list(winners), "scores": list(scores)}),
          file=sys.stderr, flush=True)


def counting_deadline(budget: float | None, calls: list[int]) -> Callable[[], bool]:
    """A deadline (``budget`` seconds from now, or never) that counts how often the search asks it."""
    end = None if budget is None else time.monotonic() + budget

    def stop() -> bool:
        calls[0] += 1
        return end is not None and time.monotonic() >= end

    return stop


def main_agents(args: argparse.Namespace) -> int:
    from engine.ai import AGENTS, DEFAULT_BUDGET

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    unknown = [a for a in agents if a.partition("@")[0] not in AGENTS]
    if unknown:
        print(f"unknown agents {unknown}; known: {', '.join(AGENTS)}", file=sys.stderr)
        return 2
    players = args.players_given or len(agents)
    budget = args.budget
    if budget is None and args.iterations is None:  # agents without "@N" get their level's default time
        budget = max((DEFAULT_BUDGET.get(a, 0.0) for a in agents if "@" not in a), default=0.0) or None
    start = time.perf_counter()
    stats = match(args.ruleset, agents, args.games, args.seed, budget=budget, iterations=args.iterations,
                  players=players, progress=print_game if args.progress else None, jobs=args.jobs,
                  clock=time.process_time if args.cpu_time else time.perf_counter)
    data = {name: st.as_dict() for name, st in stats.items()}
    if args.json:
        print(json.dumps({"ruleset": args.ruleset, "players": players, "games": args.games, "budget": budget,
                          "iterations": args.iterations, "seconds": round(time.perf_counter() - start, 1),
                          "agents": data}))
    else:
        print(f"ruleset {args.ruleset}, {players} players, {args.games} games, seats rotating, "
              f"budget {budget} s, iterations {args.iterations}")
        for name, row in data.items():
            ci = row["ci95"]
            assert isinstance(ci, list)
            print(f"{name:8} win rate {row['win_rate']:.3f} (95% CI {ci[0]:.3f}-{ci[1]:.3f}), "
                  f"avg points {row['avg_points']}, {row['seconds_per_move']} s/move, "
                  f"{row['iterations_per_s']} iterations/s")
    return 0


def duel_share(a: Weights, b: Weights, seeds: list[int], jobs: int, ruleset: str) -> float:
    """``a``'s share of the games against ``b`` on ``seeds`` (each dealt twice, seats swapped)."""
    from engine.ai.tuning import duel

    if jobs <= 1:
        return duel(a, b, seeds, ruleset) / (2 * len(seeds))
    with process_pool(jobs) as pool:
        parts = [pool.submit(duel, a, b, seeds[k::jobs], ruleset) for k in range(jobs)]
        return sum(part.result() for part in parts) / (2 * len(seeds))


def main_tune(args: argparse.Namespace) -> int:
    from engine.ai.heuristics import PLAIN, TUNED
    from engine.ai.tuning import ACCEPT, NAMES, as_weights, perturb

    pairs = max(1, args.games // 2)
    if args.weights_match:
        seeds = list(range(args.seed, args.seed + pairs))
        share = duel_share(TUNED, PLAIN, seeds, args.jobs, args.ruleset)
        lo, hi = wilson(share * 2 * pairs, 2 * pairs)
        print(json.dumps({"tuned_vs_plain": round(share, 4), "games": 2 * pairs, "ci95": [round(lo, 4), round(hi, 4)]}))
        return 0
    start = {"plain": PLAIN, "tuned": TUNED}.get(args.start)
    best = start if start is not None else as_weights([float(x) for x in args.start.split(",")])
    rng = Rng(args.seed)
    first = args.seed * 1_000_000
    for r in range(args.tune):
        candidate, moved = perturb(best, rng)
        seeds = list(range(first + r * pairs, first + (r + 1) * pairs))
        share = duel_share(candidate, best, seeds, args.jobs, args.ruleset)
        kept = share > ACCEPT
        print(json.dumps({"round": r, "moved": {k: candidate[NAMES.index(k)] for k in moved}, "share": round(share, 4),
                          "kept": kept}), flush=True)
        if kept:
            best = candidate
    print(json.dumps({"best": dict(zip(NAMES, best, strict=True)), "weights": list(best)}))
    return 0


def main_fit(args: argparse.Namespace) -> int:
    from engine.ai.fitting import fit_look
    from engine.ai.tuning import NAMES

    result = fit_look(args.fit_look, args.seed)
    print(json.dumps({"weights": list(result.weights), "named": dict(zip(NAMES, result.weights, strict=True)),
                      "positions": result.positions, "log_loss": round(result.log_loss, 4),
                      "log_loss_tuned": round(result.log_loss_tuned, 4)}))
    return 0


def main_winprob(args: argparse.Namespace) -> int:
    """``--fit-winprob GAMES``: fit the win-probability model (its coefficients are printed, to be stored in
    ``engine.ai.winprob.MODELS``); ``--calibration``: judge the stored model on ``--games`` games;
    ``--calibration-floor``: the Brier score no model could beat on such games (:func:`winprob_fit.noise_floor`)."""
    from engine.ai import winprob, winprob_fit

    players = args.players or 2
    if args.epsilon is None:
        args.epsilon = winprob_fit.EPSILON
    if args.fit_winprob is not None:
        family = winprob.family_of(new_game(GameConfig(args.ruleset, players, args.seed)))
        if family is None:
            print(f"no win-probability terms for {args.ruleset}", file=sys.stderr)
            return 2
        samples = winprob_fit.positions(args.ruleset, players, args.fit_winprob, args.seed, epsilon=args.epsilon)
        model = winprob_fit.fit_model(family, players, samples)
        print(json.dumps({"ruleset": args.ruleset, "players": players, "games": args.fit_winprob, "seed": args.seed,
                          "positions": len(samples), "log_loss": round(winprob_fit.log_loss(model, samples), 4),
                          "family": model.family, "beta": list(model.beta)}))
        return 0
    if args.calibration_floor:
        floor = winprob_fit.noise_floor(args.ruleset, players, args.games, args.seed, continuations=args.continuations,
                                    every=args.every, epsilon=args.epsilon)
        base = floor.baseline_brier or 1.0
        print(json.dumps({"ruleset": args.ruleset, "players": players, "games": args.games, "seed": args.seed,
                          "positions": floor.positions, "continuations": floor.continuations, "floor": floor.floor,
                          "model": floor.model, "baseline_brier": floor.baseline_brier,
                          "floor_ratio": round(floor.floor / base, 4), "model_ratio": round(floor.model / base, 4)}))
        return 0
    cal = winprob_fit.calibration(args.ruleset, players, args.games, args.seed, epsilon=args.epsilon,
                              rollouts=args.rollouts)
    base = cal.baseline_brier
    data = {"ruleset": args.ruleset, "players": players, "games": args.games, "seed": args.seed,
            "epsilon": args.epsilon, "positions": cal.positions, "brier": cal.brier, "ece": cal.ece,
            "baseline_brier": base, "ratio": round(cal.brier / base, 4) if base else None,
            "bins": [list(b) for b in cal.bins]}
    if args.rollouts and base and cal.rollout_brier is not None and cal.blend_brier is not None:
        data |= {"rollouts": args.rollouts, "rollout_ratio": round(cal.rollout_brier / base, 4),
                 "blend_ratio": round(cal.blend_brier / base, 4), "blend_ece": cal.blend_ece}
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{args.ruleset}, {players} players, {args.games} games from seed {args.seed}: "
              f"{cal.positions} positions, Brier {cal.brier} (points alone {cal.baseline_brier}), ECE {cal.ece}")
        for mean, rate, count in cal.bins:
            print(f"  predicted {mean:.3f}  won {rate:.3f}  ({count})")
    return 0


def main_form(args: argparse.Namespace) -> int:
    """``--fit-form GAMES``: fit the form (:class:`engine.ai.winprob.Form`, to be stored in ``FORMS``) on GAMES
    reviewed games of each unequal matchup of :func:`engine.ai.winprob_fit.form_matchups` and ``--mix-games`` of
    the position games' mix; ``--calibration-form``: the review's chances before every move, without and with the
    stored form, against the results of ``--games`` games of ``--agents`` (without: the mix)."""
    from engine.ai import winprob, winprob_fit

    players = args.players or (len(args.agents.split(",")) if args.agents else 2)

    def progress(g: int) -> None:
        if args.progress:
            print(json.dumps({"game": g}), file=sys.stderr, flush=True)

    if args.fit_form is not None:
        groups = [winprob_fit.reviewed_games(args.ruleset, players, matchup, args.fit_form, args.seed, progress)
                  for matchup in winprob_fit.form_matchups(players)]
        mix = args.mix_games if args.mix_games is not None else args.fit_form // 2
        mixed = [winprob_fit.reviewed_games(args.ruleset, players, None, mix, args.seed, progress)] if mix else []
        fitted, worst = winprob_fit.fit_form(groups, mixed)
        print(json.dumps({"ruleset": args.ruleset, "players": players, "games": args.fit_form, "mix_games": mix,
                          "seed": args.seed, "matchups": [list(m) for m in winprob_fit.form_matchups(players)],
                          "worst_ece": round(worst, 4), "form": [fitted.prior, fitted.weight, fitted.power]}))
        return 0
    agents = [a.strip() for a in args.agents.split(",")] if args.agents else None
    games = winprob_fit.reviewed_games(args.ruleset, players, agents, args.games, args.seed, progress)
    form = winprob.form_for(new_game(GameConfig(args.ruleset, players, args.seed)))
    data: dict[str, object] = {"ruleset": args.ruleset, "players": players, "games": len(games), "seed": args.seed,
                               "agents": agents or "mix",
                               "form": None if form is None else [form.prior, form.weight, form.power]}
    for key, shift in (("before", None), ("after", form)):
        count, brier, ece, bins = winprob_fit.form_calibration(games, shift)
        data[key] = {"ruleset": args.ruleset, "players": players, "agents": agents or "mix",
                     "form": shift is not None, "positions": count, "brier": brier, "ece": ece,
                     "bins": [list(b) for b in bins]}
    if agents:  # each level's wins, and its mean chance over the game's moves without and with the form
        levels: dict[str, list[float]] = {}
        for game in games:
            before, after = winprob_fit.mean_chances(game, None), winprob_fit.mean_chances(game, form)
            for seat, level in enumerate(game.levels):
                row = levels.setdefault(level, [0.0, 0.0, 0.0, 0.0])
                for j, v in enumerate((1.0, game.won[seat], before[seat], after[seat])):
                    row[j] += v
        data["levels"] = {name: {"seats": int(r[0]), "won": round(r[1] / r[0], 3),
                                 "mean_chance_before": round(r[2] / r[0], 3),
                                 "mean_chance_after": round(r[3] / r[0], 3)} for name, r in levels.items()}
    print(json.dumps(data) if args.json else json.dumps(data, indent=1))
    return 0


def main_review_audit(args: argparse.Namespace) -> int:
    """``--review-audit``: review ``--games`` games (``--agents``, default ``hard@8,easy``) and judge the review
    with a deeper referee (:mod:`engine.ai.review_audit`): ``judged`` moves, ``verdicts`` (mistakes and blunders),
    ``confirmed`` (the share the referee's play-outs confirm by the verdict's threshold), ``better`` (the share
    where they at least prefer the better move), ``decided_exact`` (the share of forced positions the review
    scored exactly) and the cost in CPU seconds."""
    from engine.ai import review
    from engine.ai.review_audit import PLAYOUTS, audit_game
    from engine.ai.winprob_fit import bench_game

    agents = [a.strip() for a in (args.agents or "hard@8,easy").split(",") if a.strip()]
    players = args.players or len(agents)
    playouts = args.rollouts or PLAYOUTS
    judged = forced = exact = 0
    verdicts = []
    review_cpu: list[float] = []
    referee_cpu = 0.0
    for g in range(args.games):
        config = GameConfig(args.ruleset, players, args.seed + g)
        state = bench_game(config, agents, g, args.seed, MAX_ACTIONS)
        start = time.process_time()
        result = review(config, state.history(), seed=args.seed + g)
        review_cpu.append(time.process_time() - start)
        found = audit_game(g, state, result, args.seed, time.process_time, playouts, args.seed + g)
        judged += found.judged
        verdicts += found.verdicts
        forced += found.forced
        exact += found.exact
        referee_cpu += found.referee_cpu_s
        if args.progress:
            print(json.dumps({"game": g, "judged": found.judged, "verdicts": [repr(v) for v in found.verdicts],
                              "forced": found.forced, "exact": found.exact}), file=sys.stderr, flush=True)
    count = len(verdicts)
    data = {"ruleset": args.ruleset, "players": players, "games": args.games, "seed": args.seed, "agents": agents,
            "referee": f"{playouts} paired play-outs per verdict to the game's end (one-ply easy/tuned/look seats), "
                       "exact search of forced positions on 4 fresh deals and the review's own 8",
            "judged": judged, "verdicts": count,
            "confirmed": round(sum(v.confirmed for v in verdicts) / count, 3) if count else None,
            "better": round(sum(v.better for v in verdicts) / count, 3) if count else None,
            "forced": forced, "decided_exact": round(exact / forced, 3) if forced else None,
            "review_cpu_s_mean": round(sum(review_cpu) / len(review_cpu), 2) if review_cpu else 0.0,
            "review_cpu_s_max": round(max(review_cpu, default=0.0), 2), "referee_cpu_s": round(referee_cpu, 1),
            "by_verdict": {name: {"count": sum(v.verdict == name for v in verdicts),
                                  "confirmed": sum(v.confirmed for v in verdicts if v.verdict == name),
                                  "referee_drop_mean": round(sum(v.referee_drop for v in verdicts if v.verdict == name)
                                                             / max(1, sum(v.verdict == name for v in verdicts)), 3)}
                           for name in ("mistake", "blunder")}}
    if args.json:
        print(json.dumps(data))
    else:
        for key, value in data.items():
            print(f"{key}: {value}")
    return 0


def main_review_bench(args: argparse.Namespace) -> int:
    """``--review-bench``: play ``--games`` games (``--agents``, default ``hard@8,easy``), then time the review of
    each at its default budget in CPU seconds (the games' own play is not counted)."""
    from engine.ai import review
    from engine.ai.winprob_fit import bench_game

    agents = [a.strip() for a in (args.agents or "hard@8,easy").split(",") if a.strip()]
    players = args.players or len(agents)
    rows = []
    for g in range(args.games):
        config = GameConfig(args.ruleset, players, args.seed + g)
        state = bench_game(config, agents, g, args.seed, MAX_ACTIONS)
        start = time.process_time()
        result = review(config, state.history(), seed=args.seed + g)
        cpu = time.process_time() - start
        rows.append({"game": g, "actions": len(state.history()), "moves": len(result.moves), "cpu_s": round(cpu, 2),
                     "accuracy": list(result.accuracy), "verdicts": [list(c) for c in result.counts]})
        if args.progress:
            print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    cpus = [float(str(r["cpu_s"])) for r in rows]
    print(json.dumps({"ruleset": args.ruleset, "players": players, "games": args.games, "seed": args.seed,
                      "agents": agents, "cpu_s_mean": round(sum(cpus) / len(cpus), 2) if cpus else 0.0,
                      "cpu_s_max": max(cpus, default=0.0), "reviews": rows}))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.selfplay", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--players", type=int, default=None, help="default 2, or one per agent")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-check", action="store_true", help="skip the invariant checks (pure speed)")
    parser.add_argument("--progress", action="store_true", help="with --agents: one JSON line per game on stderr")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time with this process's CPU time (comparable on a shared, loaded machine)")
    parser.add_argument("--quiet", action="store_true", help="events-off mode, as search play-outs run")
    parser.add_argument("--agents", default=None, help="computer players, one per seat: random,easy,hard")
    parser.add_argument("--budget", type=float, default=None, help="seconds per move (overrides the levels)")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations per move (no clock)")
    parser.add_argument("--jobs", type=int, default=1, help="with --agents: play the games in this many processes")
    parser.add_argument("--tune", type=int, default=None, metavar="ROUNDS",
                        help="tune the Splendor weights by greedy self-play, --games games a round")
    parser.add_argument("--start", default="plain", help="with --tune: plain, tuned, or 13 weights a,b,...")
    parser.add_argument("--weights-match", action="store_true", help="greedy TUNED against greedy PLAIN")
    parser.add_argument("--fit-look", type=int, default=None, metavar="GAMES",
                        help="fit hard's weights to the winners of GAMES one-ply games (--seed: first deal)")
    parser.add_argument("--fit-winprob", type=int, default=None, metavar="GAMES",
                        help="fit the win-probability model on GAMES games of a mix of levels (--seed: first deal)")
    parser.add_argument("--calibration", action="store_true",
                        help="judge the win-probability model on --games held-out games: Brier, ECE, baseline")
    parser.add_argument("--calibration-floor", action="store_true",
                        help="how well any model could do on the calibration games: each sampled position played "
                             "out --continuations times with the same levels (Brier of its own win rates)")
    parser.add_argument("--continuations", type=int, default=4, help="with --calibration-floor: play-outs per position")
    parser.add_argument("--every", type=int, default=6,
                        help="with --calibration-floor: play out one main-action position in this many")
    parser.add_argument("--epsilon", type=int, default=None,
                        help="with --fit-winprob, --calibration, --calibration-floor: per cent of the position games' "
                             "main moves played uniformly at random (default: winprob_fit.EPSILON, 5)")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="with --calibration: also judge this many play-outs per position to the end of the game "
                             "(alone and blended with the model)")
    parser.add_argument("--fit-form", type=int, default=None, metavar="GAMES",
                        help="fit how the seats' play so far moves their chances (winprob.FORMS) on GAMES reviewed "
                             "games of each unequal matchup (--seed: first deal)")
    parser.add_argument("--mix-games", type=int, default=None,
                        help="with --fit-form: games of the position games' mix too (default: half of GAMES)")
    parser.add_argument("--calibration-form", action="store_true",
                        help="the review's chances before every move of --games games of --agents (default: the "
                             "position games' mix), without and with the stored form: Brier, ECE, bins")
    parser.add_argument("--review-audit", action="store_true",
                        help="review --games games and judge every mistake and blunder with a deeper referee "
                             "(--rollouts: its play-outs per verdict); forced positions must be scored exactly")
    parser.add_argument("--review-bench", action="store_true",
                        help="review --games finished games of hard@80 against easy; CPU seconds per review")
    args = parser.parse_args(argv)
    args.players_given = args.players
    if args.fit_winprob is not None or args.calibration or args.calibration_floor:
        return main_winprob(args)
    if args.fit_form is not None or args.calibration_form:
        return main_form(args)
    if args.review_bench:
        return main_review_bench(args)
    if args.review_audit:
        return main_review_audit(args)
    if args.fit_look is not None:
        return main_fit(args)
    if args.tune is not None or args.weights_match:
        return main_tune(args)
    if args.agents:
        return main_agents(args)
    summary = play(args.ruleset, args.players or 2, args.games, args.seed, check=not args.no_check,
                   quiet=args.quiet, clock=time.process_time if args.cpu_time else time.perf_counter)
    data = summary.as_dict()
    if args.json:
        print(json.dumps(data))
    else:
        print(f"ruleset {data['ruleset']}, {data['players']} players")
        print(f"games {data['games']}, turns {data['turns']} (mean {data['mean_turns_per_game']} per game), "
              f"actions {data['actions']}")
        print(f"{data['games_per_s']} games/s, {data['turns_per_s']} turns/s, {data['actions_per_s']} actions/s")
        print(f"winners {data['winners']}")
        print(f"stuck games {data['stuck']}, invariant failures {data['invariant_failures']}")
    for failure in summary.failures[:10]:
        print("INVARIANT FAILURE:", failure, file=sys.stderr)
    return 1 if summary.failures or summary.stuck else 0


if __name__ == "__main__":
    raise SystemExit(main())
