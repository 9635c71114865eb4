import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

extension HelpText {
    /// `help workouts` (`help steps`, `help sets`): exercise counted rather than timed, how its
    /// kcal are estimated, and the progress view.
    static let workoutsPage = """
        Exercise you count rather than time: sets and reps, holds and steps.
          3 sets of 10 pushups · 3x10 pushups · 4 x 8 squats · 50 pushups · pushups 3x15
          3 sets of 12 bench press at 60 kg · 5x5 deadlift @ 135 lb
          plank 60 s · 3x45s plank · plank 2 min
          10000 steps · walked 8,500 steps · steps 12000
          exercise week · exercise month · workouts last year
        Movements (data/exercises.tsv): push-ups, pull-ups, chin-ups, sit-ups, crunches, squats,
        lunges, dips, burpees, jumping jacks, mountain climbers, bridges, leg raises, handstand
        push-ups, bench press, deadlift, rows, overhead press, curls, lat pulldown, leg press,
        kettlebell swings; held: plank, side plank, wall sit. 'pushups 20 min' is timed exercise.
        The kcal: MET (Compendium of Physical Activities 2011) x your kg x the hours of work,
        the work being sets x reps x a typical time a rep (2 s a push-up, 3 s a bench press) or
        the seconds held. Rest between sets is not counted; the load is kept and shown but does
        not change the kcal. 3 sets of 10 push-ups at 70 kg: 8.0 MET x 70 kg x 60 s = 9 kcal.
        Steps are a walk: a stride of 0.414 x your height, at 3.0 mph (3.5 MET, as 'walked 30
        min'); 10000 steps at 175 cm and 70 kg walk 7.2 km in 90 min: 368 kcal ('set height').
        'exercise week' (month, year, 'last month', 'week -1') shows each movement's sets, total,
        best set and trend, then the minutes and kcal of timed exercise, and the steps.
        """
}
