# The 2x2x2 cube's 24 stickers, faces U R F D L B, 4 stickers each,
# turned by its U, R and F faces (the DLB corner stays): quarter and half turns.
# Stickers of a face look alike (ip), so the layers count the cube's
# 3,674,160 positions. Numbered by face, then by place.
M_U:=(1,2,4,3)(7,22,20,12)(8,24,19,10);
M_U2:=(1,4)(2,3)(7,20)(8,19)(10,24)(12,22);
M_U':=(1,3,4,2)(7,12,20,22)(8,10,19,24);
M_R:=(3,12,16,23)(4,11,15,24)(5,7,8,6);
M_R2:=(3,16)(4,15)(5,8)(6,7)(11,24)(12,23);
M_R':=(3,23,16,12)(4,24,15,11)(5,6,8,7);
M_F:=(2,18,16,8)(4,20,14,6)(9,11,12,10);
M_F2:=(2,16)(4,14)(6,20)(8,18)(9,12)(10,11);
M_F':=(2,8,16,18)(4,6,14,20)(9,10,12,11);
ip:=[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16],[17,18,19,20],[21,22,23,24]];
