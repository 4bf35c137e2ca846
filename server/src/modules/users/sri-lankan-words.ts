/**
 * Words a guesser of a Sri Lankan's password tries early and the estimator's English lists lack: common Sinhala, Tamil
 * and Muslim names and surnames (romanised, as people type them), and the towns and districts. Lower case; each list
 * roughly most common first (the estimator ranks a word by its position).
 */
export const SRI_LANKAN_NAMES: readonly string[] = (
  'perera fernando silva desilva dias mendis peiris pieris cooray rodrigo gamage herath bandara kumara kumari ' +
  'jayawardena jayawardene dissanayake gunawardena gunasekara wijesinghe wickramasinghe wickremesinghe rajapaksa rajapakse ' +
  'senanayake ranasinghe rathnayake ratnayake karunaratne weerasinghe wijeratne jayasinghe jayasuriya liyanage ' +
  'abeysekara amarasinghe ekanayake gunaratne jayatilaka kariyawasam munasinghe nanayakkara pathirana premadasa ' +
  'ranatunga samaraweera seneviratne siriwardena weerakoon wijesekara wickramaratne samarasinghe hettiarachchi ' +
  'sivakumar rajan rajendran selvaraj shanmugam sivalingam thambiah nadarajah ganeshan kanagaratnam arulanandan ' +
  'mohamed mohammed ahamed fathima rizwan farook hussain ismail cassim marikar ' +
  'nimal sunil kamal amal kasun chaminda saman ruwan nuwan sampath chamara lasith mahela sanath aravinda dinesh ' +
  'pradeep tharindu isuru dilshan kavinda sahan supun hasitha malith lahiru chathura dimuthu asanka buddhika upul ' +
  'ajith priyantha gamini sirisena mahinda ranil sajith anura kusal dasun wanindu angelo thisara rukshan thushara ' +
  'dhammika ashoka manjula yasas vihanga senura amaya nadeesha dilani sanduni nethmi ishara chathurika madhavi ' +
  'kumudini shanika sachini hiruni tharushi piumi dulani kavitha priya lakshmi devi malini nirmala shalini thilini ' +
  'anjali sewwandi ruwani inoka chandrika sirimavo kasuni'
).split(' ');

export const SRI_LANKAN_PLACES: readonly string[] = (
  'colombo kandy galle jaffna matara negombo kurunegala anuradhapura polonnaruwa trincomalee batticaloa badulla ' +
  'ratnapura nuwaraeliya nuwara eliya sigiriya dambulla hambantota kalutara gampaha vavuniya mannar ampara monaragala ' +
  'kegalle puttalam kilinochchi mullaitivu matale nugegoda dehiwala moratuwa maharagama kotte battaramulla wattala ' +
  'panadura kadawatha kelaniya wellawatte bambalapitiya ella mirissa hikkaduwa bentota unawatuna arugambay ceylon ' +
  'serendib lion cricket'
).split(' ');
