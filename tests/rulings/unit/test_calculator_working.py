"""The working a user reads under each calculator's answer: the result, every line of the breakdown and the
citations, for each branch of each calculator (pure: no Django). Each case names the seed line that settles it
(guia22 = fixtures/rulings/seeds/guia22.es.txt, nasamw22 = the NASAMW commentary, rumbo, aslnight, wfbmove);
the values were checked against those lines. A change of wording here is a change the user sees."""

from __future__ import annotations

import pytest

from rulings.calculators import REGISTRY
from rulings.calculators.messages import render


def run(name, **params):
    return REGISTRY[name][0]({k: str(v) for k, v in params.items()})


def case(name, params) -> str:
    """A case's test id, from its query (stable when cases are added: the mutation runs map tests by id)."""
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in params.items())


# (calculator, query, result, breakdown, citations)
WORKING = [
    ('dba-recoil', {'recoiler': '4Bd'},  # guia22 L1430
     {'recoiler': 'recoils', 'friend': None, 'enemy': None},
     ['nothing behind it: it moves back its base depth, or its width if less (guia22 L1430)'],
     ['guia22@L1430']),
    ('dba-recoil', {'recoiler': '4Bd', 'in_bua_or_camp': 1},  # guia22 L1437
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['destroyed instead: it must recoil while occupying a BUA or camp (guia22 L1437, nasamw22 L651)'],
     ['guia22@L1437', 'nasamw22@L651']),
    ('dba-recoil', {'recoiler': '4Bd', 'flank_contact': 1},  # guia22 L1432
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ["destroyed instead: it starts its recoil with an enemy's front edge touching its flank or rear (guia22 L1432, nasamw22 L671)"],
     ['guia22@L1432', 'nasamw22@L671']),
    ('dba-recoil', {'recoiler': '4Bd', 'shot_in_rear': 1},  # guia22 L1433
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['destroyed instead: it was shot wholly on its rear edge (guia22 L1433, nasamw22 L462)'],
     ['guia22@L1433', 'nasamw22@L462']),
    ('dba-recoil', {'recoiler': 'El', 'behind': 'friend', 'friend': 'El'},  # guia22 L1458, nasamw22 L688
     {'recoiler': 'destroyed', 'friend': 'destroyed', 'enemy': None},
     ["El recoiling into El: the table says 'both destroyed' (nasamw22 L687-694, guia22 L1478)",
      'an Elephant recoiling into an Elephant: both are destroyed (guia22 L1458, nasamw22 L677)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1458', 'nasamw22@L677', 'nasamw22@L696']),
    ('dba-recoil', {'recoiler': 'El', 'behind': 'friend', 'friend': '4Bd'},  # guia22 L1458, nasamw22 L681
     {'recoiler': 'recoils', 'friend': 'destroyed', 'enemy': None},
     ["El recoiling into 4Bd: the table says 'destroys the friend' (nasamw22 L687-694, guia22 L1478)",
      'the Elephant destroys the friend it recoils into (guia22 L1458, nasamw22 L677)',
      'and completes its recoil through it (nasamw22 L681)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1458', 'nasamw22@L677', 'nasamw22@L681']),
    ('dba-recoil', {'recoiler': 'El', 'behind': 'friend', 'friend': '4Bd', 'friend_facing_other_way': 1},  # nasamw22 L681
     {'recoiler': 'destroyed', 'friend': 'destroyed', 'enemy': None},
     ["El recoiling into 4Bd: the table says 'destroys the friend' (nasamw22 L687-694, guia22 L1478)",
      'the Elephant destroys the friend it recoils into (guia22 L1458, nasamw22 L677)',
      'and is lost itself: the friend was not facing the same way (nasamw22 L681)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1458', 'nasamw22@L677', 'nasamw22@L681']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': 'El'},  # nasamw22 L688
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["4Bw recoiling into El: the table says 'destroyed' (nasamw22 L687-694, guia22 L1478)"],
     ['nasamw22@L687', 'guia22@L1478']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Bd'},  # nasamw22 L691, guia22 L1474-1475
     {'recoiler': 'passes_through', 'friend': 'stays', 'enemy': None},
     ["4Bw recoiling into 4Bd: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it passes through: the friend faces the same way and there is room beyond it (guia22 L1474-1475)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1474', 'guia22@L1475']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Bd', 'second_friend_behind': 1},  # nasamw22 L698
     {'recoiler': 'recoils', 'friend': 'pushed back', 'enemy': None},
     ["4Bw recoiling into 4Bd: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it cannot pass through (nasamw22 L698), so it must push',
      'it pushes the friend back with it; a friend pushed off the table is destroyed (guia22 L1503, nasamw22 L700)'],
     ['nasamw22@L687', 'guia22@L1478', 'nasamw22@L698', 'guia22@L1503', 'nasamw22@L700']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Bd', 'friend_facing_other_way': 1,
                    'no_room_beyond_friend': 1, 'second_friend_behind': 1},  # guia22 L1474-1475, L1500, nasamw22 L698
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["4Bw recoiling into 4Bd: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it cannot pass through (guia22 L1474, guia22 L1475, nasamw22 L698), so it must push',
      'the friend is not facing exactly the same way: the recoiler is destroyed (guia22 L1500, nasamw22 L700)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1474', 'guia22@L1475', 'nasamw22@L698', 'guia22@L1500',
      'nasamw22@L700']),
    ('dba-recoil', {'recoiler': '2LH', 'behind': 'friend', 'friend': 'WWg', 'no_room_beyond_friend': 1},  # guia22 L1501
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["2LH recoiling into WWg: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it cannot pass through (guia22 L1475), so it must push',
      'an Elephant or War Wagon cannot be pushed: the recoiler is destroyed (guia22 L1501, nasamw22 L698)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1475', 'guia22@L1501']),
    ('dba-recoil', {'recoiler': '2LH', 'behind': 'friend', 'friend': 'Lit'},  # guia22 L1346
     {'recoiler': 'passes_through', 'friend': 'stays', 'enemy': None},
     ['Litter counts as War Wagons (guia22 L1346, nasamw22 L377)',
      "2LH recoiling into Lit: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it passes through: the friend faces the same way and there is room beyond it (guia22 L1474-1475)'],
     ['guia22@L1346', 'nasamw22@L377', 'nasamw22@L687', 'guia22@L1478', 'guia22@L1474', 'guia22@L1475']),
    ('dba-recoil', {'recoiler': 'Ps', 'behind': 'friend', 'friend': 'El', 'no_room_beyond_friend': 1},  # guia22 L1501
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["Ps recoiling into El: the table says 'passes through' (nasamw22 L687-694, guia22 L1478)",
      'it cannot pass through (guia22 L1475), so it must push',
      'an Elephant or War Wagon cannot be pushed: the recoiler is destroyed (guia22 L1501, nasamw22 L698)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1475', 'guia22@L1501']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Sp'},  # nasamw22 L692, L700
     {'recoiler': 'recoils', 'friend': 'pushed back', 'enemy': None},
     ["4Bw recoiling into 4Sp: the table says 'pushes' (nasamw22 L687-694, guia22 L1478)",
      'it pushes the friend back with it; a friend pushed off the table is destroyed (guia22 L1503, nasamw22 L700)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1503', 'nasamw22@L700']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Sp', 'friend_facing_other_way': 1},  # guia22 L1500
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["4Bw recoiling into 4Sp: the table says 'pushes' (nasamw22 L687-694, guia22 L1478)",
      'the friend is not facing exactly the same way: the recoiler is destroyed (guia22 L1500, nasamw22 L700)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1500', 'nasamw22@L700']),
    ('dba-recoil', {'recoiler': '4Bw', 'behind': 'friend', 'friend': '4Sp', 'no_room_beyond_friend': 1},  # guia22 L1503
     {'recoiler': 'destroyed', 'friend': 'stays', 'enemy': None},
     ["4Bw recoiling into 4Sp: the table says 'pushes' (nasamw22 L687-694, guia22 L1478)",
      'no room to push the friend back: the recoiler is destroyed, not the friend, unless the friend was giving it rear support (guia22 L1503, nasamw22 L700, L224)'],
     ['nasamw22@L687', 'guia22@L1478', 'guia22@L1503', 'nasamw22@L700', 'nasamw22@L224']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river'},  # guia22 L569-572, L594: 5/6 + 1/6 x 4/6
     {'recoiler': 'depends on the dice', 'friend': None, 'enemy': None, 'survive': '17/18'},
     ['not rolled yet: it survives with probability 17/18 (guia22 L569-572, L594; nasamw22 L202)'],
     ['guia22@L594', 'nasamw22@L202', 'nasamw22@L712', 'guia22@L569']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river': 'difficult'},  # guia22 L594: 3+ on a die
     {'recoiler': 'depends on the dice', 'friend': None, 'enemy': None, 'survive': '2/3'},
     ['not rolled yet: it survives with probability 2/3 (guia22 L569-572, L594; nasamw22 L202)'],
     ['guia22@L594', 'nasamw22@L202', 'nasamw22@L712', 'guia22@L569']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river_type_die': 2},  # guia22 L570, L580
     {'recoiler': 'recoils', 'friend': None, 'enemy': None},
     ["the river's type is rolled: 2 makes it minor (guia22 L569-572, nasamw22 L200)",
      'a minor river has no effect (guia22 L580)'],
     ['guia22@L569', 'nasamw22@L200', 'guia22@L580']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river_type_die': 5},  # guia22 L571, nasamw22 L712
     {'recoiler': 'recoils', 'friend': None, 'enemy': None, 'keeps_crossing': True},
     ["the river's type is rolled: 5 makes it normal (guia22 L569-572, nasamw22 L200)",
      'it recoils into the river and must keep crossing in the next bounds until its front is out (nasamw22 L673, L712)'],
     ['guia22@L569', 'nasamw22@L200', 'nasamw22@L673', 'nasamw22@L712']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river_type_die': 6, 'crossing_die': 3},  # guia22 L572, L594
     {'recoiler': 'recoils', 'friend': None, 'enemy': None, 'keeps_crossing': True},
     ["the river's type is rolled: 6 makes it difficult (guia22 L569-572, nasamw22 L200)",
      'a difficult river: 3 crosses (3+ crosses; guia22 L594, nasamw22 L202, L712)'],
     ['guia22@L569', 'nasamw22@L200', 'guia22@L594', 'nasamw22@L202', 'nasamw22@L712']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river': 'difficult', 'crossing_die': 2},  # guia22 L594
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None, 'keeps_crossing': False},
     ['a difficult river: 2 fails, the recoiler is destroyed (3+ crosses; guia22 L594, nasamw22 L202, L712)'],
     ['guia22@L594', 'nasamw22@L202', 'nasamw22@L712']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river': 'blocked'},  # nasamw22 L363
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['a difficult river failed this bound is impassable: the recoiler is destroyed (nasamw22 L363)'],
     ['nasamw22@L363']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'enemy'},  # guia22 L1434
     {'recoiler': 'destroyed', 'friend': None, 'enemy': 'stays'},
     ['it meets an enemy: the recoiler is destroyed (guia22 L1434, nasamw22 L717)'],
     ['guia22@L1434', 'nasamw22@L717']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'enemy', 'enemy_touched': 'side_by_corner'},  # guia22 L1456
     {'recoiler': 'destroyed', 'friend': None, 'enemy': 'destroyed'},
     ['it meets an enemy: the recoiler is destroyed (guia22 L1434, nasamw22 L717)',
      "and destroys that enemy too: it touched the enemy's side with only a rear corner (guia22 L1456, nasamw22 L717)"],
     ['guia22@L1434', 'nasamw22@L717', 'guia22@L1456']),
    ('dba-recoil', {'recoiler': 'Art', 'behind': 'bad_going'},  # nasamw22 L359
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['Artillery and War Wagons cannot enter bad going: destroyed (nasamw22 L359, guia22 L1439)'],
     ['nasamw22@L359', 'guia22@L1439']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'bad_going'},  # guia22 L1430-1440
     {'recoiler': 'recoils', 'friend': None, 'enemy': None},
     ['bad going does not stop a recoil (guia22 L1430-1440)'],
     ['guia22@L1430']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'table_edge'},  # guia22 L1440
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['it meets the table edge: destroyed (guia22 L1440, nasamw22 L710)'],
     ['guia22@L1440', 'nasamw22@L710']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'impassable'},  # guia22 L1439
     {'recoiler': 'destroyed', 'friend': None, 'enemy': None},
     ['it meets impassable ground: destroyed (guia22 L1439, nasamw22 L202)'],
     ['guia22@L1439', 'nasamw22@L202']),
    ('dba-pip-cost', {'elements': 'El', 'beyond_command': 1, 'general_in': 'bua', 'extra_move': 1},  # nasamw22 L125, L123
     {'pips': 4, 'extras': [{'category': 1, 'reasons': ['El']}, {'category': 2, 'reasons': ['beyond command']}, {'category': 3, 'reasons': ['the general is in: a BUA']}]},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      '+1 (category 1): El: the group includes Elephants, Hordes, War Wagons or Artillery (after the first bound, nasamw22 L101) (guia22 L805)',
      "+1 (category 2): beyond command: beyond the general's command distance (1200 paces, 600 with no clear line of sight, L828) (guia22 L813)",
      "+1 (category 3): the general is in: a BUA: the general is wholly inside a BUA, camp, wood, oasis or marsh (not for the general's own single move) (guia22 L820)",
      'a second or further move in the same bound costs PIPs again, priced like this one (nasamw22 L123)',
      'total: 4 PIP(s)'],
     ['guia22@L793', 'guia22@L805', 'nasamw22@L101', 'guia22@L813', 'guia22@L820', 'nasamw22@L123']),
    ('dba-pip-cost', {'elements': 'El', 'first_bound': 1},  # guia22 L799
     {'pips': 1, 'extras': []},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      'no extra PIPs in the first bound (guia22 L799, nasamw22 L125)',
      'in the first bound even Elephants, Hordes, War Wagons and Artillery move for 1 PIP (nasamw22 L101, guia22 L799)',
      'total: 1 PIP(s)'],
     ['guia22@L793', 'guia22@L799', 'nasamw22@L125', 'nasamw22@L101']),
    ('dba-pip-cost', {'elements': '4Bd', 'first_bound': 1},  # guia22 L799
     {'pips': 1, 'extras': []},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      'no extra PIPs in the first bound (guia22 L799, nasamw22 L125)',
      'total: 1 PIP(s)'],
     ['guia22@L793', 'guia22@L799', 'nasamw22@L125']),
    ('dba-pip-cost', {'move': 'group', 'elements': 'El,3Kn', 'dismounting': 1},  # guia22 L822
     {'pips': 2, 'extras': [{'category': 1, 'reasons': ['El', 'dismounting']}]},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      '+1 (category 1): El: the group includes Elephants, Hordes, War Wagons or Artillery (after the first bound, nasamw22 L101) (guia22 L805)',
      '+1 (category 1): dismounting: one or more elements dismount (the extra applies to the whole group, nasamw22 L131) (guia22 L806)',
      'only one extra for category 1: at most one extra PIP per category, however many of its conditions hold (guia22 L822)',
      "doubtful: the NASAMW commentary calls the extra PIPs cumulative (nasamw22 L125); whether two conditions of one category both count is not said there; the guide's one-per-category cap (guia22 L822) is applied",
      'total: 2 PIP(s)'],
     ['guia22@L793', 'guia22@L805', 'nasamw22@L101', 'guia22@L806', 'guia22@L822', 'nasamw22@L125']),
    ('dba-pip-cost', {'elements': 'Lit'},  # guia22 L805, L1346
     {'pips': 1, 'extras': []},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      'doubtful: Litter is not listed (guia22 L805) although guia22 L1346 says litters behave as War Wagons; not charged',
      'total: 1 PIP(s)'],
     ['guia22@L793']),
    ('dba-pip-cost', {'elements': '3Kn', 'general_in': 'wood', 'general_moving': 1},  # guia22 L820
     {'pips': 1, 'extras': []},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      "the general's own single move does not pay for the general's terrain (guia22 L820)",
      'total: 1 PIP(s)'],
     ['guia22@L793']),
    ('dba-pip-cost', {'elements': '4Bd', 'bua_move': 1, 'general_lost': 1},  # guia22 L807, L814
     {'pips': 3, 'extras': [{'category': 1, 'reasons': ['bua move']}, {'category': 2, 'reasons': ['general lost']}]},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      '+1 (category 1): bua move: the move goes into, out of or through a BUA (nasamw22 L135 adds a camp) (guia22 L807)',
      '+1 (category 2): general lost: the general has been destroyed (guia22 L814)',
      'total: 3 PIP(s)'],
     ['guia22@L793', 'guia22@L807', 'guia22@L814']),
    ('dba-victory', {'a_lost': 'Ps', 'a_camp_lost': 1, 'a_general_lost': 1},  # guia22 L1577, L1583
     {'winner': 'b', 'a_counted': 3, 'b_counted': 0},
     ["A: the general's element is counted among the listed losses",
      'A: a camp last occupied by an enemy element counts as two elements (guia22 L1583)',
      'A: 3 counted, general lost',
      'B: 0 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      'B wins'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'edition': '3.0', 'b_lost': '6Cv'},  # quick reference
     {'winner': None, 'a_counted': 0, 'b_counted': 2},
     ['A: 0 counted',
      'B: 6Cv counts 2: a double element (6Kn, 8Bw, 6Cv...) counts 2',
      'B: 2 counted',
      'a side loses with the enemy general or four enemy elements lost, and more than you have lost (quick reference)',
      "doubtful: DBA 3.0 is not among the supplied sources: these values follow the project's quick reference for 3.0 and must be checked against the rulebook",
      'doubtful: Scythed Chariots are not excluded in 3.0 by the quick reference, so they count',
      'no winner yet: play on'],
     []),
    ('dba-victory', {'b_lost': '4Bd,SCh', 'b_bua_lost': 1, 'a_general_lost': 1},  # guia22 L1582, L1584, nasamw22 L767
     {'winner': None, 'a_counted': 1, 'b_counted': 3},
     ["A: the general's element is not in the list of losses; counted as 1",
      'A: 1 counted, general lost',
      'B: SCh does not count: Scythed Chariots, camp followers and BUA inhabitants do not count (guia22 L1582)',
      'B: a BUA controlled by the enemy counts as two elements (guia22 L1584)',
      'B: 3 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      'A: losing the general alone does not lose the game if the enemy has lost as many (nasamw22 L767)',
      'no winner yet: play on'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'edition': '3.0', 'b_lost': '8Bw,6Cv,4Bd', 'a_lost': '7Hd,CF', 'a_general_lost': 1},  # quick reference
     {'winner': 'a', 'a_counted': 0, 'b_counted': 5},
     ['A: 7Hd does not count: camp followers and Hordes do not count (quick reference)',
      'A: CF does not count: camp followers and Hordes do not count (quick reference)',
      "A: the general's element is counted among the listed losses",
      'A: 0 counted, general lost',
      'B: 8Bw counts 2: a double element (6Kn, 8Bw, 6Cv...) counts 2',
      'B: 6Cv counts 2: a double element (6Kn, 8Bw, 6Cv...) counts 2',
      'B: 5 counted',
      'a side loses with the enemy general or four enemy elements lost, and more than you have lost (quick reference)',
      "doubtful: DBA 3.0 is not among the supplied sources: these values follow the project's quick reference for 3.0 and must be checked against the rulebook",
      'doubtful: Scythed Chariots are not excluded in 3.0 by the quick reference, so they count',
      'A wins'],
     []),
    ('dba-victory', {'b_lost': '4Bd,4Bd', 'b_camp_lost': 1},  # guia22 L1577, L1583: the camp's two reach four
     {'winner': 'a', 'a_counted': 0, 'b_counted': 4},
     ['A: 0 counted',
      'B: a camp last occupied by an enemy element counts as two elements (guia22 L1583)',
      'B: 4 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      "doubtful: the guide counts a lost camp or BUA 'as two elements destroyed' (L1583) but does not say whether that reaches the 'at least four elements' threshold (L1577) or only the comparison; nasamw22 L769 reads it as 'two elements down'. It is counted for both here, as the result entry does by default (each event may choose)",
      'A wins'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'b_lost': '4Bd,4Bd,4Bd', 'b_bua_lost': 1},  # guia22 L1584
     {'winner': 'a', 'a_counted': 0, 'b_counted': 5},
     ['A: 0 counted',
      'B: a BUA controlled by the enemy counts as two elements (guia22 L1584)',
      'B: 5 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      "doubtful: the guide counts a lost camp or BUA 'as two elements destroyed' (L1583) but does not say whether that reaches the 'at least four elements' threshold (L1577) or only the comparison; nasamw22 L769 reads it as 'two elements down'. It is counted for both here, as the result entry does by default (each event may choose)",
      'A wins'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'b_lost': '4Bd,4Bd,4Bd,4Bd', 'b_camp_lost': 1},  # guia22 L1577: four elements without the camp
     {'winner': 'a', 'a_counted': 0, 'b_counted': 6},
     ['A: 0 counted',
      'B: a camp last occupied by an enemy element counts as two elements (guia22 L1583)',
      'B: 6 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      'A wins'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'b_lost': '4Bd', 'b_camp_lost': 1, 'b_general_lost': 1},  # guia22 L1577: the general
     {'winner': 'a', 'a_counted': 0, 'b_counted': 3},
     ['A: 0 counted',
      "B: the general's element is counted among the listed losses",
      'B: a camp last occupied by an enemy element counts as two elements (guia22 L1583)',
      'B: 3 counted, general lost',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      'A wins'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-victory', {'a_lost': '3Kn', 'a_general_lost': 1, 'b_lost': 'Ps'},  # nasamw22 L767: as many lost
     {'winner': None, 'a_counted': 1, 'b_counted': 1},
     ["A: the general's element is counted among the listed losses",
      'A: 1 counted, general lost',
      'B: 1 counted',
      "a side loses with the enemy general's element or at least four enemy troop elements destroyed, and the enemy has lost more elements than you (guia22 L1577)",
      'A: losing the general alone does not lose the game if the enemy has lost as many (nasamw22 L767)',
      'no winner yet: play on'],
     ['guia22@L1577', 'guia22@L1578', 'guia22@L1582', 'guia22@L1583', 'guia22@L1584', 'nasamw22@L767']),
    ('dba-pip-cost', {'move': 'group', 'elements': 'Lit, El,', 'dismounting': 0},  # guia22 L805
     {'pips': 2, 'extras': [{'category': 1, 'reasons': ['El']}]},
     ['1 PIP: every tactical move costs at least 1 PIP (guia22 L793)',
      '+1 (category 1): El: the group includes Elephants, Hordes, War Wagons or Artillery (after the first bound, nasamw22 L101) (guia22 L805)',
      'total: 2 PIP(s)'],
     ['guia22@L793', 'guia22@L805', 'nasamw22@L101']),
    ('rumbo-third-column', {'bound': 1, 'pips': 5, 'second_column_on': 1, 'third_column_off': 1, 'littoral_landing': 1},  # rumbo L49-52
     {'verdict': 'may', 'cost': 4, 'pips_left': 1},
     ["a littoral army's third column may land in the first bound, for 4 PIPs, as a column touching the water, if there is room and the baggage came with column 2 (rumbo L49-52)"],
     ['rumbo@L35', 'rumbo@L49', 'rumbo@L53']),
    ('wfb-terrain-move', {'m': 20, 'open': 12, 'difficult': 8},  # wfbmove L89
     {'covered_cm': 16.0},
     ['open: 12 cm of M → 12 cm (open ground counts in full, wfbmove L87)',
      'difficult: 8 cm of M → 4 cm (difficult ground halves the distance spent in it, wfbmove L88)',
      'very_difficult: 0 cm of M → 0 cm (very difficult ground quarters the distance spent in it, wfbmove L90)'],
     ['wfbmove@L87', 'wfbmove@L88', 'wfbmove@L90']),
    ('wfb-terrain-move', {'m': 15, 'difficult': 7.5},  # wfbmove L88, L92
     {'covered_cm': 3.75, 'nearest_cm': 4},
     ['open: 0 cm of M → 0 cm (open ground counts in full, wfbmove L87)',
      'difficult: 7.5 cm of M → 3.75 cm (difficult ground halves the distance spent in it, wfbmove L88)',
      'very_difficult: 0 cm of M → 0 cm (very difficult ground quarters the distance spent in it, wfbmove L90)',
      '7.5 cm of M left unspent',
      "doubtful: 'fractions below 0.5 cm are rounded to 1 cm, or to the nearest centimetre' (L92) reads two ways; the exact distance is given and, when it has a fraction, also the nearest whole centimetre"],
     ['wfbmove@L87', 'wfbmove@L88', 'wfbmove@L90', 'wfbmove@L92']),
    ('wfb-stand-and-shoot', {'charge_move': 40, 'distance': 20},  # wfbmove L18
     {'allowed': False, 'half_charge_cm': 20.0},
     ['half the charge move: 20 cm; the charger is 20 cm away',
      'the charged unit may stand and shoot if the charger is more than half its charge move away (wfbmove L18): not allowed',
      "doubtful: exactly half the charge move is not covered ('a más de la mitad'); read as not allowed"],
     ['wfbmove@L18', 'wfbmove@L19']),
    ('wfb-stand-and-shoot', {'charge_move': 40, 'distance': 25},  # wfbmove L19
     {'allowed': True, 'half_charge_cm': 20.0},
     ['half the charge move: 20 cm; the charger is 25 cm away',
      'the charged unit may stand and shoot if the charger is more than half its charge move away (wfbmove L18): allowed'],
     ['wfbmove@L18', 'wfbmove@L19']),
    ('rumbo-third-column', {'bound': 1, 'pips': 4, 'second_column_on': 0, 'third_column_off': 1, 'littoral_landing': 1},  # rumbo L49-52
     {'verdict': 'may', 'cost': 4, 'pips_left': 0},
     ["a littoral army's third column may land in the first bound, for 4 PIPs, as a column touching the water, if there is room and the baggage came with column 2 (rumbo L49-52)",
      "doubtful: rule 6 (L47-53) does not repeat rule 4's condition that the second column be wholly on the table (L35): a first-bound landing is not held to it"],
     ['rumbo@L35', 'rumbo@L49', 'rumbo@L53']),
    ('rumbo-third-column', {'bound': 1, 'pips': 3, 'second_column_on': 1, 'third_column_off': 1, 'littoral_landing': 1},  # rumbo L49
     {'verdict': 'cannot', 'cost': 0, 'pips_left': 3},
     ['3 PIPs: fewer than the 4 a landing costs (rumbo L49)'],
     ['rumbo@L35', 'rumbo@L49', 'rumbo@L53']),
    ('rumbo-third-column', {'bound': 3, 'pips': 6, 'second_column_on': 1, 'third_column_off': 1, 'littoral_landing': 1},  # rumbo L53, L37
     {'verdict': 'must', 'cost': 4, 'pips_left': 2},
     ['if it cannot land in the first bound, the third column enters normally (rumbo L53)',
      'a PIP roll of 6 in any bound after the first, with a column still off, obliges it to begin entering (rumbo L37); bringing the third column on costs 4 PIPs',
      'doubtful: the rule does not say whether the 4 PIPs come out of the 6; they are taken from it (2 left)',
      'while a column is partly off the table, at least 1 PIP must be spent moving it on (rumbo L39)'],
     ['rumbo@L35', 'rumbo@L37', 'rumbo@L39', 'rumbo@L49', 'rumbo@L53']),
    ('rumbo-third-column', {'bound': 3, 'pips': 6, 'second_column_on': 0, 'third_column_off': 1},  # rumbo L35, L39
     {'verdict': 'cannot', 'cost': 0, 'pips_left': 6},
     ['the second column is not wholly on: only once the second column is wholly on the table (rumbo L35)',
      'doubtful: with the second column not wholly on, a 6 cannot bring on the third (L35); the forced entry is read as applying to the second column, which must go on entering (L39)',
      'while a column is partly off the table, at least 1 PIP must be spent moving it on (rumbo L39)'],
     ['rumbo@L35', 'rumbo@L37', 'rumbo@L39']),
    ('rumbo-third-column', {'bound': 3, 'pips': 6, 'second_column_on': 1, 'third_column_off': 1},  # rumbo L37
     {'verdict': 'must', 'cost': 4, 'pips_left': 2},
     ['a PIP roll of 6 in any bound after the first, with a column still off, obliges it to begin entering (rumbo L37); bringing the third column on costs 4 PIPs',
      'doubtful: the rule does not say whether the 4 PIPs come out of the 6; they are taken from it (2 left)',
      'while a column is partly off the table, at least 1 PIP must be spent moving it on (rumbo L39)'],
     ['rumbo@L35', 'rumbo@L37', 'rumbo@L39']),
    ('rumbo-third-column', {'bound': 2, 'pips': 3, 'second_column_on': 1, 'third_column_off': 1},  # rumbo L35
     {'verdict': 'cannot', 'cost': 0, 'pips_left': 3},
     ['3 PIPs: fewer than the 4 the entry costs (rumbo L35)'],
     ['rumbo@L35']),
    ('rumbo-third-column', {'bound': 1, 'pips': 3, 'second_column_on': 1, 'third_column_off': 0},  # rumbo L35
     {'verdict': 'cannot', 'cost': 0, 'pips_left': 3},
     ['the third column is already on the table: nothing to bring on'],
     ['rumbo@L35']),
    ('rumbo-third-column', {'bound': 1, 'pips': 3, 'second_column_on': 1, 'third_column_off': 1},  # rumbo L35
     {'verdict': 'cannot', 'cost': 0, 'pips_left': 3},
     ['not in the first bound: after the first bound (rumbo L35)'],
     ['rumbo@L35']),
    ('rumbo-third-column', {'bound': 2, 'pips': 5, 'second_column_on': 1, 'third_column_off': 1},  # rumbo L35, L39
     {'verdict': 'may', 'cost': 4, 'pips_left': 1},
     ['after the first bound, with the second column wholly on: bringing the third column on costs 4 PIPs (rumbo L35)',
      'while a column is partly off the table, at least 1 PIP must be spent moving it on (rumbo L39)'],
     ['rumbo@L35', 'rumbo@L39']),
    ('asl-night-ambush', {'attacker_dr': 2, 'defender_dr': 4, 'attacker_cloaked': 1},  # aslnight L39, L43
     {'ambush': 'attacker', 'attacker_needs': 2, 'defender_needs': 3, 'cloak_kept': True},
     ["ATTACKER needs a dr 2 less than the DEFENDER's: at night the ATTACKER ambushes with a dr two less than the DEFENDER's (instead of three) (aslnight L39)",
      "DEFENDER needs a dr 3 less than the ATTACKER's (aslnight L43)",
      'ATTACKER dr 2, DEFENDER dr 4',
      'a cloaked unit that ambushes keeps its cloak marker (E1.43) (aslnight L39)',
      'the ATTACKER ambushes'],
     ['aslnight@L39', 'aslnight@L43', 'aslnight@L178']),
    ('asl-night-ambush', {'attacker_dr': 3, 'defender_dr': 4},  # aslnight L39, L43: one less is not enough
     {'ambush': None, 'attacker_needs': 2, 'defender_needs': 3, 'cloak_kept': False},
     ["ATTACKER needs a dr 2 less than the DEFENDER's: at night the ATTACKER ambushes with a dr two less than the DEFENDER's (instead of three) (aslnight L39)",
      "DEFENDER needs a dr 3 less than the ATTACKER's (aslnight L43)",
      'ATTACKER dr 3, DEFENDER dr 4',
      'no ambush'],
     ['aslnight@L39', 'aslnight@L43', 'aslnight@L178']),
    ('asl-night-ambush', {'attacker_dr': 1, 'defender_dr': 4, 'illuminated': 1},  # aslnight L39
     {'ambush': 'attacker', 'attacker_needs': 3, 'defender_needs': 3, 'cloak_kept': False},
     ["ATTACKER needs a dr 3 less than the DEFENDER's: in an illuminated location the usual three less applies (aslnight L39)",
      "DEFENDER needs a dr 3 less than the ATTACKER's (aslnight L43)",
      'ATTACKER dr 1, DEFENDER dr 4',
      'the ATTACKER ambushes'],
     ['aslnight@L39', 'aslnight@L43']),
    ('asl-night-ambush', {'attacker_dr': 4, 'defender_dr': 1, 'attacker_cloaked': 1},  # aslnight L43
     {'ambush': 'defender', 'attacker_needs': 2, 'defender_needs': 3, 'cloak_kept': False},
     ["ATTACKER needs a dr 2 less than the DEFENDER's: at night the ATTACKER ambushes with a dr two less than the DEFENDER's (instead of three) (aslnight L39)",
      "DEFENDER needs a dr 3 less than the ATTACKER's (aslnight L43)",
      'ATTACKER dr 4, DEFENDER dr 1',
      'the DEFENDER ambushes'],
     ['aslnight@L39', 'aslnight@L43', 'aslnight@L178']),
]


@pytest.mark.parametrize(("name", "params", "result", "breakdown", "citations"), WORKING,
                         ids=[case(c[0], c[1]) for c in WORKING])
def test_the_working_of_each_calculator(name, params, result, breakdown, citations):
    answer = run(name, **params)
    assert answer["result"] == result
    assert [str(item) for item in answer["breakdown"]] == breakdown
    assert answer["citations"] == citations


# DBA 2.2 combat (guia22 L1592-1670 with the commentary's clarifications): (query, result, breakdown, citations)
COMBAT = [
    ({'a': '4Sp', 'b': '4Wb', 'a_general': 1, 'a_uphill_or_bank': 1, 'a_overlaps': 2, 'a_bad_going': 1, 'a_die': 3, 'b_die': 3},  # guia22 L1620-1624
     {'totals': {'a': 2, 'b': 3}, 'with_dice': {'a': 5, 'b': 6}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'destroyed', 'situation': 'by Warband that is not in a BUA or camp', 'line': 1652, 'doubtful': '', 'cites': ['guia22@L1652', 'nasamw22@L645'], 'rules': [], 'doubts': []},
     ['4Sp: +4 (against foot, guia22 L1604)',
      "4Sp: +1 (general's element, guia22 L1620)",
      '4Sp: +1 (uphill or defending a river bank, guia22 L1621)',
      '4Sp: -2 (each enemy element overlapping a flank or in the rear (at most one per flank and one in the rear, L1301), guia22 L1622)',
      '4Sp: -2 (Spears, Pikes, Blades, Hordes, Artillery, War Wagons or Litter in bad going, guia22 L1624)',
      '4Wb: +3 (against foot, guia22 L1597)',
      'totals before dice: A 2, B 3',
      'with dice: A 5, B 6',
      'beaten: 4Sp destroyed, by Warband that is not in a BUA or camp (guia22 L1652, nasamw22 L645)'],
     ['guia22@L1597', 'guia22@L1604', 'guia22@L1620', 'guia22@L1621', 'guia22@L1622', 'guia22@L1624', 'guia22@L1636', 'guia22@L1652', 'nasamw22@L645']),
    ({'a': '4Pk', 'b': '4Bd', 'a_rear_support': '4Pk', 'a_die': 2, 'b_die': 4},  # guia22 L1631
     {'totals': {'a': 6, 'b': 5}, 'with_dice': {'a': 8, 'b': 9}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1652, 'doubtful': '', 'cites': ['guia22@L1652'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Pk'}}, 'doubts': []},
     ['4Pk: +3 (against foot, guia22 L1605)',
      '4Pk: +3 (rear support by Pk, guia22 L1631)',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 6, B 5',
      'with dice: A 8, B 9',
      'beaten: 4Pk recoil, otherwise (guia22 L1652)'],
     ['guia22@L1595', 'guia22@L1605', 'guia22@L1631', 'guia22@L1636', 'guia22@L1652']),
    ({'a': '4Bd', 'b': '4Wb', 'a_rear_support': 'Ps', 'a_die': 4, 'b_die': 1},  # guia22 L1634, nasamw22 L569
     {'totals': {'a': 6, 'b': 3}, 'with_dice': {'a': 10, 'b': 4}, 'mode': 'close', 'band': 'doubled', 'loser': 'b', 'outcome': 'destroyed', 'situation': 'otherwise', 'line': 1670, 'doubtful': '', 'cites': ['guia22@L1670'], 'rules': [], 'doubts': []},
     ['4Bd: +5 (against foot, guia22 L1595)',
      '4Bd: +1 (rear support by Ps, guia22 L1634)',
      '4Bd: doubtful: Psiloi support Spears, Blades and Auxilia against mounted, Warband, a BUA or a camp in the guide (guia22 L1634); nasamw22 L569 names only mounted opponents: the guide is followed',
      '4Wb: +3 (against foot, guia22 L1597)',
      'totals before dice: A 6, B 3',
      'with dice: A 10, B 4',
      'doubled: 4Wb destroyed, otherwise (guia22 L1670)'],
     ['guia22@L1595', 'guia22@L1597', 'guia22@L1634', 'guia22@L1636', 'guia22@L1670', 'nasamw22@L569']),
    ({'a': '4Pk', 'b': '4Bd', 'a_rear_support': '4Pk', 'a_bad_going': 1, 'a_die': 1, 'b_die': 1},  # guia22 L1324
     {'totals': {'a': 1, 'b': 5}, 'with_dice': {'a': 2, 'b': 6}, 'mode': 'close', 'band': 'doubled', 'loser': 'a', 'outcome': 'destroyed', 'situation': 'otherwise', 'line': 1670, 'doubtful': '', 'cites': ['guia22@L1670'], 'rules': [], 'doubts': []},
     ['4Pk: +3 (against foot, guia22 L1605)',
      '4Pk: -2 (Spears, Pikes, Blades, Hordes, Artillery, War Wagons or Litter in bad going, guia22 L1624)',
      '4Pk: no rear support by Pk in bad going (guia22 L1324)',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 1, B 5',
      'with dice: A 2, B 6',
      'doubled: 4Pk destroyed, otherwise (guia22 L1670)'],
     ['guia22@L1324', 'guia22@L1595', 'guia22@L1605', 'guia22@L1624', 'guia22@L1636', 'guia22@L1670']),
    ({'a': '4Sp', 'b': '4Bd', 'a_rear_support': '4Sp', 'a_die': 1, 'b_die': 1},  # guia22 L1628, L1633
     {'totals': {'a': 4, 'b': 5}, 'with_dice': {'a': 5, 'b': 6}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1652, 'doubtful': '', 'cites': ['guia22@L1652'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Sp'}}, 'doubts': []},
     ['4Sp: +4 (against foot, guia22 L1604)',
      '4Sp: Sp behind gives no support against 4Bd (guia22 L1628)',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 4, B 5',
      'with dice: A 5, B 6',
      'beaten: 4Sp recoil, otherwise (guia22 L1652)'],
     ['guia22@L1595', 'guia22@L1604', 'guia22@L1636', 'guia22@L1652']),
    ({'a': 'El', 'b': '4Bd', 'a_bad_going': 1, 'a_die': 1, 'b_die': 1},  # nasamw22 L605
     {'totals': {'a': 2, 'b': 3}, 'with_dice': {'a': 3, 'b': 4}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1647, 'doubtful': '', 'cites': ['guia22@L1647'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': 'El'}}, 'doubts': []},
     ['El: +4 (against foot, guia22 L1595)',
      "El: doubtful: the guide's footnote 'Elefantes no reciben el factor táctico -2 en este caso' (guia22 L1626) follows the foot row and could be read as exempting Elephants from all three mounted cases of guia22 L1623; nasamw22 L605 exempts them only when attacking a BUA, and nasamw22 L597 says all other types take the -2 in bad going: applied so",
      'El: -2 (mounted in bad going, fighting an element in bad going, or fighting an enemy in a BUA, guia22 L1623)',
      '4Bd: +3 (against mounted, guia22 L1595)',
      'totals before dice: A 2, B 3',
      'with dice: A 3, B 4',
      'beaten: El recoil, otherwise (guia22 L1647)'],
     ['guia22@L1595', 'guia22@L1623', 'guia22@L1626', 'guia22@L1636', 'guia22@L1647', 'nasamw22@L597', 'nasamw22@L605']),
    ({'a': 'El', 'b': '4Bd', 'b_in_bua': 1, 'a_die': 6, 'b_die': 1},  # guia22 L1626
     {'totals': {'a': 4, 'b': 6}, 'with_dice': {'a': 10, 'b': 7}, 'mode': 'close', 'band': 'beaten', 'loser': 'b', 'outcome': 'destroyed', 'situation': 'otherwise', 'line': 1653, 'doubtful': '', 'cites': ['guia22@L1653', 'guia22@L1437', 'nasamw22@L651'], 'rules': [{'why': {'en': 'it must recoil while occupying a BUA or camp', 'es': 'ha sido obligado a retroceder mientras ocupaba un campamento o un BUA', 'it': 'deve ritirarsi mentre occupa una BUA o un Accampamento'}, 'cites': ['guia22@L1437', 'nasamw22@L651'], 'instead_of': 'recoil'}], 'doubts': []},
     ['El: +4 (against foot, guia22 L1595)',
      'El: no -2: Elephants attacking a BUA do not take it (guia22 L1626, nasamw22 L605)',
      '4Bd: +3 (against mounted, guia22 L1595)',
      '4Bd: +3 (foot sheltering in a BUA, guia22 L1618)',
      'totals before dice: A 4, B 6',
      'with dice: A 10, B 7',
      'beaten: 4Bd destroyed: it must recoil while occupying a BUA or camp, instead of recoil (guia22 L1653, guia22 L1437, nasamw22 L651)'],
     ['guia22@L1437', 'guia22@L1595', 'guia22@L1618', 'guia22@L1626', 'guia22@L1636', 'guia22@L1653', 'nasamw22@L605', 'nasamw22@L651']),
    ({'a': '3Cm', 'b': '4Sp', 'a_dunes': 1, 'a_die': 4, 'b_die': 1},  # nasamw22 L597-599, L649
     {'totals': {'a': 2, 'b': 4}, 'with_dice': {'a': 6, 'b': 5}, 'mode': 'close', 'band': 'beaten', 'loser': 'b', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1652, 'doubtful': '', 'cites': ['guia22@L1652'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Sp'}}, 'doubts': []},
     ['3Cm: +2 (against foot, guia22 L1601)',
      '3Cm: no -2: dunes and oases are not bad going for camels (nasamw22 L597, L599)',
      '4Sp: +4 (against mounted, guia22 L1604)',
      'totals before dice: A 2, B 4',
      'with dice: A 6, B 5',
      'beaten: 4Sp recoil, otherwise (guia22 L1652)'],
     ['guia22@L1601', 'guia22@L1604', 'guia22@L1636', 'guia22@L1652', 'nasamw22@L599']),
    ({'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'b_in_bua': 1, 'b_general': 1, 'b_overlaps': 1, 'a_die': 1, 'b_die': 1},  # guia22 L1610-1613
     {'totals': {'a': 2, 'b': 8}, 'with_dice': {'a': 3, 'b': 9}, 'mode': 'shooting', 'shooter': 'a', 'target': 'b', 'target_shoots_back': False, 'band': 'doubled', 'loser': None, 'outcome': 'stand', 'situation': '', 'line': 1211, 'doubtful': '', 'cites': ['guia22@L1211', 'nasamw22@L561'], 'rules': [], 'ignored': 'a', 'doubts': []},
     ['4Bw shoots at 4Bd (only Bows, War Wagons and Artillery shoot: guia22 L1188, nasamw22 L377)',
      '4Bd cannot shoot back: 4Bw ignores any result against itself, and gets no modifier for being shot at (guia22 L1211, nasamw22 L561, L581, L587)',
      "doubtful: at exactly the maximum range the seeds disagree: 'menor que el máximo alcance' (guia22 L1220) vs 'fino alla gittata massima inclusa' (nasamw22 L381)",
      '4Bw: +2 (against foot, guia22 L1596)',
      '4Bd: +5 (against foot, guia22 L1595)',
      '4Bd: +3 (foot sheltering in a BUA, shot at, guia22 L1610)',
      "4Bd: +1 (general's element, shot at, guia22 L1612)",
      '4Bd: -1 (each enemy element supporting the shot at it (at most 2), guia22 L1613)',
      "4Bd: doubtful: the guide prints '-' with no number (guia22 L1613); nasamw22 L425 gives -1 for each supporting shooter, which is used",
      'totals before dice: A 2, B 8',
      'with dice: A 3, B 9',
      'doubled: 4Bw ignores the result: its target cannot shoot back (guia22 L1211, nasamw22 L561)'],
     ['guia22@L1188', 'guia22@L1211', 'guia22@L1220', 'guia22@L1595', 'guia22@L1596', 'guia22@L1610', 'guia22@L1612', 'guia22@L1613', 'guia22@L1636', 'nasamw22@L377', 'nasamw22@L381', 'nasamw22@L425', 'nasamw22@L561', 'nasamw22@L581', 'nasamw22@L587']),
    ({'a': '4Bw', 'b': '4Bw', 'mode': 'shooting', 'range_paces': 200, 'a_die': 5, 'b_die': 2},  # nasamw22 L444
     {'totals': {'a': 2, 'b': 2}, 'with_dice': {'a': 7, 'b': 4}, 'mode': 'shooting', 'shooter': 'a', 'target': 'b', 'target_shoots_back': True, 'band': 'beaten', 'loser': 'b', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1654, 'doubtful': '', 'cites': ['guia22@L1654'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Bw'}}, 'doubts': []},
     ['4Bw shoots at 4Bw (only Bows, War Wagons and Artillery shoot: guia22 L1188, nasamw22 L377)',
      '4Bw shoots back: both are shooting and shot at; a result counts against either (nasamw22 L444, L581)',
      'taken that 4Bw can shoot back (in range and arc; Artillery that made no tactical move, nasamw22 L446); set target_shoots_back=no otherwise',
      "doubtful: at exactly the maximum range the seeds disagree: 'menor que el máximo alcance' (guia22 L1220) vs 'fino alla gittata massima inclusa' (nasamw22 L381)",
      '4Bw: +2 (against foot, guia22 L1596)',
      '4Bw: +2 (against foot, guia22 L1596)',
      'totals before dice: A 2, B 2',
      'with dice: A 7, B 4',
      'beaten: 4Bw recoil, otherwise (guia22 L1654)'],
     ['guia22@L1188', 'guia22@L1220', 'guia22@L1596', 'guia22@L1636', 'guia22@L1654', 'nasamw22@L377', 'nasamw22@L381', 'nasamw22@L444', 'nasamw22@L581']),
    ({'a': '4Bd', 'b': '4Bw', 'mode': 'shooting', 'shooter': 'b', 'target_shoots_back': 'no', 'b_shot_in_rear': 0, 'a_die': 1, 'b_die': 6},  # guia22 L1211
     {'totals': {'a': 5, 'b': 2}, 'with_dice': {'a': 6, 'b': 8}, 'mode': 'shooting', 'shooter': 'b', 'target': 'a', 'target_shoots_back': False, 'band': 'beaten', 'loser': 'a', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1653, 'doubtful': '', 'cites': ['guia22@L1653'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Bd'}}, 'doubts': []},
     ['4Bw shoots at 4Bd (only Bows, War Wagons and Artillery shoot: guia22 L1188, nasamw22 L377)',
      '4Bd cannot shoot back: 4Bw ignores any result against itself, and gets no modifier for being shot at (guia22 L1211, nasamw22 L561, L581, L587)',
      "doubtful: at exactly the maximum range the seeds disagree: 'menor que el máximo alcance' (guia22 L1220) vs 'fino alla gittata massima inclusa' (nasamw22 L381)",
      '4Bd: +5 (against foot, guia22 L1595)',
      '4Bw: +2 (against foot, guia22 L1596)',
      'totals before dice: A 5, B 2',
      'with dice: A 6, B 8',
      'beaten: 4Bd recoil, otherwise (guia22 L1653)'],
     ['guia22@L1188', 'guia22@L1211', 'guia22@L1220', 'guia22@L1595', 'guia22@L1596', 'guia22@L1636', 'guia22@L1653', 'nasamw22@L377', 'nasamw22@L381', 'nasamw22@L561', 'nasamw22@L581', 'nasamw22@L587']),
    ({'a': '4Bw', 'b': '4Bd', 'mode': 'shooting', 'b_shot_in_rear': 1, 'a_die': 6, 'b_die': 1},  # guia22 L1433
     {'totals': {'a': 2, 'b': 5}, 'with_dice': {'a': 8, 'b': 6}, 'mode': 'shooting', 'shooter': 'a', 'target': 'b', 'target_shoots_back': False, 'band': 'beaten', 'loser': 'b', 'outcome': 'destroyed', 'situation': 'otherwise', 'line': 1653, 'doubtful': '', 'cites': ['guia22@L1653', 'guia22@L1433', 'nasamw22@L462'], 'rules': [{'why': {'en': 'it was shot wholly on its rear edge', 'es': 'ha sido obligado a retroceder por un ataque a distancia dirigido exclusivamente contra su retaguardia', 'it': 'ha subito il tiro interamente sul lato posteriore'}, 'cites': ['guia22@L1433', 'nasamw22@L462'], 'instead_of': 'recoil'}], 'doubts': []},
     ['4Bw shoots at 4Bd (only Bows, War Wagons and Artillery shoot: guia22 L1188, nasamw22 L377)',
      '4Bd cannot shoot back: 4Bw ignores any result against itself, and gets no modifier for being shot at (guia22 L1211, nasamw22 L561, L581, L587)',
      "doubtful: at exactly the maximum range the seeds disagree: 'menor que el máximo alcance' (guia22 L1220) vs 'fino alla gittata massima inclusa' (nasamw22 L381)",
      '4Bw: +2 (against foot, guia22 L1596)',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 2, B 5',
      'with dice: A 8, B 6',
      'beaten: 4Bd destroyed: it was shot wholly on its rear edge, instead of recoil (guia22 L1653, guia22 L1433, nasamw22 L462)'],
     ['guia22@L1188', 'guia22@L1211', 'guia22@L1220', 'guia22@L1433', 'guia22@L1595', 'guia22@L1596', 'guia22@L1636', 'guia22@L1653', 'nasamw22@L377', 'nasamw22@L381', 'nasamw22@L462', 'nasamw22@L561', 'nasamw22@L581', 'nasamw22@L587']),
    ({'a': '3Kn', 'b': '4Bw', 'a_die': 3, 'b_die': 3},  # guia22 L1648, nasamw22 L643
     {'totals': {'a': 3, 'b': 4}, 'with_dice': {'a': 6, 'b': 7}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'destroyed', 'situation': 'by Bows it contacted this turn by the front edge', 'line': 1648, 'doubtful': '', 'cites': ['guia22@L1648', 'nasamw22@L643'], 'rules': [], 'doubts': ["doubtful: whether the Knights attacked the Bows' front edge this bound is not given (knights_contact): taken to be so (guia22 L1648, nasamw22 L643)"]},
     ['3Kn: +3 (against foot, guia22 L1596)',
      '4Bw: +4 (against mounted, guia22 L1596)',
      'totals before dice: A 3, B 4',
      'with dice: A 6, B 7',
      'beaten: 3Kn destroyed, by Bows it contacted this turn by the front edge (guia22 L1648, nasamw22 L643)',
      "doubtful: whether the Knights attacked the Bows' front edge this bound is not given (knights_contact): taken to be so (guia22 L1648, nasamw22 L643)"],
     ['guia22@L1596', 'guia22@L1636', 'guia22@L1648', 'nasamw22@L643']),
    ({'a': '3Kn', 'b': '4Bw', 'knights_contact': 'front', 'a_die': 3, 'b_die': 3},  # guia22 L1648
     {'totals': {'a': 3, 'b': 4}, 'with_dice': {'a': 6, 'b': 7}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'destroyed', 'situation': 'by Bows it contacted this turn by the front edge', 'line': 1648, 'doubtful': '', 'cites': ['guia22@L1648', 'nasamw22@L643'], 'rules': [], 'doubts': []},
     ['3Kn: +3 (against foot, guia22 L1596)',
      '4Bw: +4 (against mounted, guia22 L1596)',
      'totals before dice: A 3, B 4',
      'with dice: A 6, B 7',
      'beaten: 3Kn destroyed, by Bows it contacted this turn by the front edge (guia22 L1648, nasamw22 L643)'],
     ['guia22@L1596', 'guia22@L1636', 'guia22@L1648', 'nasamw22@L643']),
    ({'a': '3Kn', 'b': '4Bw', 'knights_contact': 'flank_or_rear', 'a_die': 3, 'b_die': 3},  # nasamw22 L643
     {'totals': {'a': 3, 'b': 4}, 'with_dice': {'a': 6, 'b': 7}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'recoil', 'situation': 'otherwise', 'line': 1648, 'doubtful': '', 'cites': ['guia22@L1648'], 'rules': [], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '3Kn'}}, 'doubts': []},
     ['3Kn: +3 (against foot, guia22 L1596)',
      '4Bw: +4 (against mounted, guia22 L1596)',
      'totals before dice: A 3, B 4',
      'with dice: A 6, B 7',
      'beaten: 3Kn recoil, otherwise (guia22 L1648)'],
     ['guia22@L1596', 'guia22@L1636', 'guia22@L1648']),
    ({'a': 'SCh', 'b': 'SCh', 'a_die': 3, 'b_die': 3},  # guia22 L1641
     {'totals': {'a': 4, 'b': 4}, 'with_dice': {'a': 7, 'b': 7}, 'mode': 'close', 'band': 'tie', 'loser': 'both', 'outcome': 'destroyed', 'situation': '', 'line': 1641, 'doubtful': '', 'cites': ['guia22@L1641'], 'rules': [], 'doubts': []},
     ['SCh: +4 (against mounted, guia22 L1600)',
      'SCh: +4 (against mounted, guia22 L1600)',
      'totals before dice: A 4, B 4',
      'with dice: A 7, B 7',
      'tie: both destroyed (guia22 L1641)'],
     ['guia22@L1600', 'guia22@L1636', 'guia22@L1641']),
    ({'a': '6Cv', 'b': 'SCh', 'a_flank_contact': 1, 'a_die': 1, 'b_die': 1},  # guia22 L1432, L1513
     {'totals': {'a': 3, 'b': 4}, 'with_dice': {'a': 4, 'b': 5}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'destroyed', 'situation': 'by Scythed Chariots', 'line': 1649, 'doubtful': '', 'cites': ['guia22@L1649', 'guia22@L1432', 'nasamw22@L671', 'guia22@L1513'], 'rules': [{'why': {'en': "it starts its recoil with an enemy's front edge touching its flank or rear", 'es': 'comienza con un elemento enemigo con su borde frontal en contacto con uno de sus flancos o su retaguardia', 'it': 'inizia la ritirata con il fronte di un nemico a contatto del suo fianco o retro'}, 'cites': ['guia22@L1432', 'nasamw22@L671', 'guia22@L1513'], 'instead_of': 'flee'}], 'doubts': []},
     ['6Cv: +3 (against mounted, guia22 L1598)',
      'SCh: +4 (against mounted, guia22 L1600)',
      'totals before dice: A 3, B 4',
      'with dice: A 4, B 5',
      "beaten: 6Cv destroyed: it starts its recoil with an enemy's front edge touching its flank or rear, instead of flee (guia22 L1649, guia22 L1432, nasamw22 L671, guia22 L1513)"],
     ['guia22@L1432', 'guia22@L1513', 'guia22@L1598', 'guia22@L1600', 'guia22@L1636', 'guia22@L1649', 'nasamw22@L671']),
    ({'a': 'Lit', 'b': '4Bd', 'a_die': 1, 'b_die': 1},  # guia22 L1346
     {'totals': {'a': 3, 'b': 5}, 'with_dice': {'a': 4, 'b': 6}, 'mode': 'close', 'band': 'beaten', 'loser': 'a', 'outcome': 'stand', 'situation': 'otherwise', 'line': 1660, 'doubtful': '', 'cites': ['guia22@L1660'], 'rules': [], 'doubts': []},
     ['Lit: +3 (against foot, guia22 L1346)',
      'Lit: doubtful: no factor for Litter in the table (guia22 L1592-1605); guia22 L1346 and nasamw22 L377 say litters fight as War Wagons, so the War Wagon factors +3/+4 are used',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 3, B 5',
      'with dice: A 4, B 6',
      'beaten: Lit stand, otherwise (guia22 L1660)'],
     ['guia22@L1346', 'guia22@L1595', 'guia22@L1636', 'guia22@L1660']),
    ({'a': '4Bd', 'b': '3Kn'},  # odds
     {'totals': {'a': 3, 'b': 3}, 'mode': 'close', 'odds': [{'band': 'beaten', 'loser': 'a', 'outcome': 'destroyed', 'probability': 0.3611111111111111, 'fraction': '13/36', 'line': 1653, 'doubtful': '', 'cites': ['guia22@L1653']}, {'band': 'beaten', 'loser': 'b', 'outcome': 'recoil', 'probability': 0.3611111111111111, 'fraction': '13/36', 'line': 1648, 'doubtful': '', 'cites': ['guia22@L1648'], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '3Kn'}}}, {'band': 'tie', 'loser': None, 'outcome': 'stand', 'probability': 0.16666666666666666, 'fraction': '1/6', 'line': 1642, 'doubtful': '', 'cites': ['guia22@L1642']}, {'band': 'doubled', 'loser': 'a', 'outcome': 'destroyed', 'probability': 0.05555555555555555, 'fraction': '1/18', 'line': 1670, 'doubtful': '', 'cites': ['guia22@L1670']}, {'band': 'doubled', 'loser': 'b', 'outcome': 'destroyed', 'probability': 0.05555555555555555, 'fraction': '1/18', 'line': 1670, 'doubtful': '', 'cites': ['guia22@L1670']}]},
     ['4Bd: +3 (against mounted, guia22 L1595)',
      '3Kn: +3 (against foot, guia22 L1596)',
      'totals before dice: A 3, B 3',
      '13/36 (36.1%): beaten: 4Bd destroyed, in good going by Knights or Scythed Chariots (guia22 L1653)',
      '13/36 (36.1%): beaten: 3Kn recoil, otherwise (guia22 L1648)',
      '1/6 (16.7%): tie: no effect (guia22 L1642)',
      '1/18 (5.6%): doubled: 4Bd destroyed, otherwise (guia22 L1670)',
      '1/18 (5.6%): doubled: 3Kn destroyed, otherwise (guia22 L1670)'],
     ['guia22@L1595', 'guia22@L1596', 'guia22@L1636', 'guia22@L1642', 'guia22@L1648', 'guia22@L1653', 'guia22@L1670']),
    ({'a': '4Bw', 'b': '4Bd', 'mode': 'shooting'},  # odds, shooting
     {'totals': {'a': 2, 'b': 5}, 'mode': 'shooting', 'shooter': 'a', 'target': 'b', 'target_shoots_back': False, 'odds': [{'band': 'beaten', 'loser': None, 'outcome': 'stand', 'probability': 0.5, 'fraction': '1/2', 'line': 1211, 'doubtful': '', 'cites': ['guia22@L1211', 'nasamw22@L561'], 'ignored': 'a'}, {'band': 'doubled', 'loser': None, 'outcome': 'stand', 'probability': 0.3333333333333333, 'fraction': '1/3', 'line': 1211, 'doubtful': '', 'cites': ['guia22@L1211', 'nasamw22@L561'], 'ignored': 'a'}, {'band': 'tie', 'loser': None, 'outcome': 'stand', 'probability': 0.08333333333333333, 'fraction': '1/12', 'line': 1642, 'doubtful': '', 'cites': ['guia22@L1642']}, {'band': 'beaten', 'loser': 'b', 'outcome': 'recoil', 'probability': 0.08333333333333333, 'fraction': '1/12', 'line': 1653, 'doubtful': '', 'cites': ['guia22@L1653'], 'recoil': {'calculator': 'dba-recoil', 'params': {'recoiler': '4Bd'}}}]},
     ['4Bw shoots at 4Bd (only Bows, War Wagons and Artillery shoot: guia22 L1188, nasamw22 L377)',
      '4Bd cannot shoot back: 4Bw ignores any result against itself, and gets no modifier for being shot at (guia22 L1211, nasamw22 L561, L581, L587)',
      "doubtful: at exactly the maximum range the seeds disagree: 'menor que el máximo alcance' (guia22 L1220) vs 'fino alla gittata massima inclusa' (nasamw22 L381)",
      '4Bw: +2 (against foot, guia22 L1596)',
      '4Bd: +5 (against foot, guia22 L1595)',
      'totals before dice: A 2, B 5',
      '1/2 (50.0%): beaten: 4Bw ignores the result: its target cannot shoot back (guia22 L1211, nasamw22 L561)',
      '1/3 (33.3%): doubled: 4Bw ignores the result: its target cannot shoot back (guia22 L1211, nasamw22 L561)',
      '1/12 (8.3%): tie: no effect (guia22 L1642)',
      '1/12 (8.3%): beaten: 4Bd recoil, otherwise (guia22 L1653)'],
     ['guia22@L1188', 'guia22@L1211', 'guia22@L1220', 'guia22@L1595', 'guia22@L1596', 'guia22@L1636', 'guia22@L1642', 'guia22@L1653', 'nasamw22@L377', 'nasamw22@L381', 'nasamw22@L561', 'nasamw22@L581', 'nasamw22@L587']),
]


@pytest.mark.parametrize(("params", "result", "breakdown", "citations"), COMBAT,
                         ids=[case("dba-combat", c[0]) for c in COMBAT])
def test_the_working_of_a_combat(params, result, breakdown, citations):
    answer = run("dba-combat", **params)
    assert answer["result"] == result
    assert [str(item) for item in answer["breakdown"]] == breakdown
    assert answer["citations"] == citations


# The same working in Spanish: the fixtures' words (the guide's own, guia22 L1592-1670, L793-822, L1577-1584) in
# the lines; the templates go through the page's gettext, here left as they are.
SPANISH = [
    ('dba-combat', {'a': '4Sp', 'b': '4Wb', 'a_general': 1, 'a_overlaps': 2, 'a_bad_going': 1, 'a_die': 3, 'b_die': 3},
     ['4Sp: +4 (vs infantería, guia22 L1604)',
      '4Sp: +1 (elemento del general, guia22 L1620)',
      '4Sp: -2 (por cada elemento enemigo solapado en un flanco o retaguardia (como mucho uno por flanco y uno por retaguardia, L1301), guia22 L1622)',
      '4Sp: -2 (Lanzas, Picas, Espadas, Hordas, Artillería, Vagón de Guerra o Litera en terreno difícil, guia22 L1624)',
      '4Wb: +3 (vs infantería, guia22 L1597)',
      'totals before dice: A 1, B 3',
      'with dice: A 4, B 6',
      'derrota simple: 4Sp destruido, vs. Bandas de Guerra si no están en BUA o Campamento (guia22 L1652, nasamw22 L645)']),
    ('dba-combat', {'a': 'El', 'b': '4Bd', 'b_in_bua': 1, 'a_die': 6, 'b_die': 1},
     ['El: +4 (vs infantería, guia22 L1595)',
      'El: no -2: Elephants attacking a BUA do not take it (guia22 L1626, nasamw22 L605)',
      '4Bd: +3 (vs montados, guia22 L1595)',
      '4Bd: +3 (infantería guarecida en un BUA, guia22 L1618)',
      'totals before dice: A 4, B 6',
      'with dice: A 10, B 7',
      'derrota simple: 4Bd destruido: ha sido obligado a retroceder mientras ocupaba un campamento o un BUA, instead of retrocede (guia22 L1653, guia22 L1437, nasamw22 L651)']),
    ('dba-combat', {'a': '4Bd', 'b': '4Wb', 'a_rear_support': 'Ps', 'a_die': 4, 'b_die': 1},
     ['4Bd: +5 (vs infantería, guia22 L1595)',
      '4Bd: +1 (rear support by Ps, guia22 L1634)',
      '4Bd: doubtful: en la guía los Psiloi apoyan a Lanzas, Espadas y Auxilia contra Montados, Bandas de Guerra, BUA o Campamento (guia22 L1634); nasamw22 L569 solo nombra adversarios montados: se sigue la guía',
      '4Wb: +3 (vs infantería, guia22 L1597)',
      'totals before dice: A 6, B 3',
      'with dice: A 10, B 4',
      'derrota por doblado: 4Wb destruido, Resto de situaciones (guia22 L1670)']),
    ('dba-combat', {'a': '3Kn', 'b': '6Cv', 'a_die': 1, 'b_die': 6},
     ['3Kn: +4 (vs montados, guia22 L1596)',
      '3Kn: doubtful: factors.mounted: printed "4" without \'+\' (guia22 L1596); read as +4, as the DBA 2.2 reference sheet gives',
      '6Cv: +3 (vs montados, guia22 L1598)',
      'totals before dice: A 4, B 3',
      'with dice: A 5, B 9',
      'derrota simple: 3Kn retrocede, Resto de situaciones (guia22 L1648)']),
    ('dba-recoil', {'recoiler': '4Bd', 'flank_contact': 1},
     ['destroyed instead: comienza con un elemento enemigo con su borde frontal en contacto con uno de sus flancos o su retaguardia (guia22 L1432, nasamw22 L671)']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'river', 'river_type_die': 6, 'crossing_die': 2},
     ["the river's type is rolled: 6 makes it difícil (guia22 L569-572, nasamw22 L200)",
      'a difficult river: 2 no lo atraviesa: el elemento que retrocede es destruido (3+ crosses; guia22 L594, nasamw22 L202, L712)']),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'enemy', 'enemy_touched': 'rear_corner'},
     ['it meets an enemy: the recoiler is destroyed (guia22 L1434, nasamw22 L717)',
      "and destroys that enemy too: it touched the enemy's esquina posterior con su borde posterior (guia22 L1455, nasamw22 L717)"]),
    ('dba-recoil', {'recoiler': '4Bd', 'behind': 'bua_or_camp'},
     ['it meets un campamento o un BUA: destroyed (guia22 L1435, nasamw22 L714)']),
    ('dba-recoil', {'recoiler': 'El', 'behind': 'friend', 'friend': 'El'},
     ["El recoiling into El: the table says 'ambos destruidos' (nasamw22 L687-694, guia22 L1478)",
      'an Elephant recoiling into an Elephant: both are destroyed (guia22 L1458, nasamw22 L677)']),
    ('dba-pip-cost', {'elements': 'El', 'beyond_command': 1, 'general_in': 'bua', 'extra_move': 1},
     ['1 PIP: todo movimiento táctico cuesta al menos 1 PIP (guia22 L793)',
      '+1 (category 1): El: el grupo que se mueve incluye elefantes, hordas, Vagón de Guerra o artillería (después del primer turno, nasamw22 L101) (guia22 L805)',
      '+1 (category 2): beyond command: fuera de la distancia de mando del general (1200 pasos, 600 sin línea de visión clara, L828) (guia22 L813)',
      '+1 (category 3): the general is in: a BUA: el general está completamente dentro de un BUA, campamento, bosque, oasis o pantano (no en el movimiento individual del elemento del general) (guia22 L820)',
      'un segundo o posterior movimiento en el mismo turno vuelve a costar PIPs, con el mismo precio (nasamw22 L123)',
      'total: 4 PIP(s)']),
    ('dba-pip-cost', {'move': 'group', 'elements': 'El,3Kn', 'dismounting': 1, 'first_bound': 0},
     ['1 PIP: todo movimiento táctico cuesta al menos 1 PIP (guia22 L793)',
      '+1 (category 1): El: el grupo que se mueve incluye elefantes, hordas, Vagón de Guerra o artillería (después del primer turno, nasamw22 L101) (guia22 L805)',
      '+1 (category 1): dismounting: uno o más elementos desmontan (el extra vale para todo el grupo, nasamw22 L131) (guia22 L806)',
      'only one extra for category 1: sólo se utiliza un PIP extra por categoría, aunque el movimiento cumpla varias condiciones de ésta (guia22 L822)',
      'doubtful: el comentario NASAMW llama acumulativos a los PIPs extra (nasamw22 L125) sin decir si dos condiciones de una misma categoría cuentan ambas; se aplica el límite de uno por categoría de la guía (guia22 L822)',
      'total: 2 PIP(s)']),
    ('dba-pip-cost', {'elements': 'El', 'first_bound': 1},
     ['1 PIP: todo movimiento táctico cuesta al menos 1 PIP (guia22 L793)',
      'los PIPs adicionales no son necesarios en el primer turno de juego (guia22 L799, nasamw22 L125)',
      'in the first bound even Elephants, Hordes, War Wagons and Artillery move for 1 PIP (nasamw22 L101, guia22 L799)',
      'total: 1 PIP(s)']),
    ('dba-victory', {'a_lost': 'Ps,SCh', 'a_camp_lost': 1, 'a_general_lost': 1},
     ['A: SCh does not count: los carros falcados, los seguidores del campamento y los habitantes de un BUA no cuentan (guia22 L1582)',
      "A: the general's element is counted among the listed losses",
      'A: un campamento ocupado en último lugar por un elemento enemigo cuenta como dos elementos (guia22 L1583)',
      'A: 3 counted, general lost',
      'B: 0 counted',
      'a side loses with el elemento del general enemigo o al menos cuatro elementos de tropa enemigos destruidos, y que el enemigo haya perdido más elementos que tú (guia22 L1577)',
      'B wins']),
    ('dba-victory', {'edition': '3.0', 'b_lost': '6Cv,7Hd', 'b_camp_lost': 1, 'a_general_lost': 1},
     ["A: the general's element is not in the list of losses; counted as 1",
      'A: 1 counted, general lost',
      'B: 6Cv counts 2: un elemento doble (6Kn, 8Bw, 6Cv...) cuenta 2',
      'B: 7Hd does not count: los seguidores del campamento y las hordas no cuentan (referencia rápida)',
      'B: un campamento saqueado cuenta 1 (referencia rápida)',
      'B: 3 counted',
      'a side loses with el general enemigo o cuatro elementos enemigos perdidos, y más de los que tú has perdido (referencia rápida)',
      'doubtful: DBA 3.0 no está entre las fuentes disponibles: estos valores siguen la referencia rápida del proyecto para 3.0 y hay que comprobarlos con el reglamento',
      'doubtful: la referencia rápida no excluye los carros falcados en 3.0, así que cuentan',
      'no winner yet: play on']),
]


@pytest.mark.parametrize(("name", "params", "breakdown"), SPANISH, ids=[case(c[0], c[1]) for c in SPANISH])
def test_the_working_in_spanish_uses_the_guides_words(name, params, breakdown):
    assert [render(item, lambda template: template, "es") for item in run(name, **params)["breakdown"]] == breakdown


def test_the_pip_working_in_italian_uses_the_commentarys_words():
    # guia22 L805, L807, L822 in the commentary's Italian: Elephants and Hordes, and a BUA, are both category 1
    answer = run("dba-pip-cost", move="group", elements="El,7Hd", bua_move=1)
    assert answer["result"] == {"pips": 2, "extras": [{"category": 1, "reasons": ["El, Hd", "bua move"]}]}
    assert [render(item, lambda template: template, "it") for item in answer["breakdown"]] == [
        "1 PIP: ogni mossa tattica costa almeno 1 PIP (guia22 L793)",
        "+1 (category 1): El, Hd: il gruppo include Elefanti, Orde, War Wagon o Artiglieria (dopo il primo turno, "
        "nasamw22 L101) (guia22 L805)",
        "+1 (category 1): bua move: la mossa entra, esce o attraversa una BUA (nasamw22 L135 aggiunge "
        "l'Accampamento) (guia22 L807)",
        "only one extra for category 1: al massimo un PIP extra per categoria, anche se ne valgono più condizioni "
        "(guia22 L822)",
        "doubtful: il commento NASAMW dice che le circostanze sono cumulative (nasamw22 L125) senza dire se due "
        "condizioni della stessa categoria contano entrambe; si applica il limite di uno per categoria della guida "
        "(guia22 L822)",
        "total: 2 PIP(s)"]
    assert answer["citations"] == ["guia22@L793", "guia22@L805", "nasamw22@L101", "guia22@L807", "guia22@L822",
                                   "nasamw22@L125"]


def test_the_victory_working_in_italian_uses_the_commentarys_words():
    # guia22 L1577-1583 and nasamw22 L767 in the Italian of the commentary
    answer = run("dba-victory", a_lost="3Kn", a_general_lost=1, b_lost="Ps,SCh", b_camp_lost=1)
    assert answer["result"] == {"winner": None, "a_counted": 1, "b_counted": 3}
    assert [render(item, lambda template: template, "it") for item in answer["breakdown"]] == [
        "A: the general's element is counted among the listed losses",
        "A: 1 counted, general lost",
        "B: SCh does not count: Scythed Chariots, seguito dell'accampamento e abitanti di una BUA non contano "
        "(guia22 L1582)",
        "B: un accampamento occupato per ultimo da una basetta nemica conta come due basette (guia22 L1583)",
        "B: 3 counted",
        "a side loses with la basetta del generale nemico o almeno quattro basette di truppa nemiche distrutte, e il "
        "nemico ha perso più basette di te (guia22 L1577)",
        "A: perdere solo il generale non fa perdere la partita se il nemico ha perso altrettanto (nasamw22 L767)",
        "no winner yet: play on"]
