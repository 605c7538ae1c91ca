"""A heads-up river solver: discounted CFR over a readable bet tree, two weighted ranges,
exact card removal and an exact best response (exploitability) with every answer.

- :mod:`evaluator.solver.tree`: the bet tree (sizes as fractions of the pot, raises, an
  all-in threshold, a raise cap);
- :mod:`evaluator.solver.payoffs`: what a showdown or a fold is worth to each hand against
  the other player's hands, in linear time over hands sorted by strength (and a dense
  version for toy games and checks);
- :mod:`evaluator.solver.cfr`: discounted CFR, the best response and the stopping rules;
- :mod:`evaluator.solver.river`: a river spot from a board, two ranges, a pot and stacks.

Pure NumPy: no Django.
"""
