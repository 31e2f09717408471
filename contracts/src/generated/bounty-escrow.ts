// Generated from contracts/src/BountyEscrow.sol by contracts/scripts/compile.ts,
// solc 0.8.37, optimizer on (200 runs), evmVersion cancun.
// Do not edit: run `npm run compile -w @openstake/contracts`.

export const bountyEscrowAbi = [
  {
    inputs: [{ internalType: 'address', name: 'operator_', type: 'address' }],
    stateMutability: 'nonpayable',
    type: 'constructor',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'AlreadyRefunded',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'AlreadyReleased',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'AssigneeIsFunder',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'AssigneeIsOperator',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint64', name: 'deadline', type: 'uint64' }],
    name: 'DeadlineNotInFuture',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'IssueAlreadyExists',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'IssueNotFound',
    type: 'error',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'NotAssigned',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'caller', type: 'address' },
    ],
    name: 'NotFunder',
    type: 'error',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'caller', type: 'address' },
    ],
    name: 'NotOperatorOrFunder',
    type: 'error',
  },
  { inputs: [], name: 'ReentrantCall', type: 'error' },
  {
    inputs: [
      { internalType: 'address', name: 'to', type: 'address' },
      { internalType: 'uint256', name: 'amount', type: 'uint256' },
    ],
    name: 'TransferFailed',
    type: 'error',
  },
  { inputs: [], name: 'ZeroAmount', type: 'error' },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'ZeroAssignee',
    type: 'error',
  },
  { inputs: [], name: 'ZeroOperator', type: 'error' },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'added', type: 'uint256' },
      { indexed: false, internalType: 'uint256', name: 'total', type: 'uint256' },
    ],
    name: 'BountyAdded',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'BountyRefunded',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'assignee', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'BountyReleased',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'assignee', type: 'address' },
      { indexed: true, internalType: 'address', name: 'by', type: 'address' },
    ],
    name: 'IssueAssigned',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'id', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'funder', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
      { indexed: false, internalType: 'uint64', name: 'deadline', type: 'uint64' },
    ],
    name: 'IssueCreated',
    type: 'event',
  },
  {
    inputs: [],
    name: 'VERSION',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'addBounty',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'address', name: 'assignee', type: 'address' },
    ],
    name: 'assign',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'contractInfo',
    outputs: [
      { internalType: 'uint256', name: 'version', type: 'uint256' },
      { internalType: 'address', name: 'operator_', type: 'address' },
      { internalType: 'uint256', name: 'issueCount_', type: 'uint256' },
      { internalType: 'uint256', name: 'totalHeld_', type: 'uint256' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'uint256', name: 'id', type: 'uint256' },
      { internalType: 'uint64', name: 'deadline', type: 'uint64' },
    ],
    name: 'createIssue',
    outputs: [],
    stateMutability: 'payable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'getIssue',
    outputs: [
      {
        components: [
          { internalType: 'address', name: 'funder', type: 'address' },
          { internalType: 'uint64', name: 'deadline', type: 'uint64' },
          { internalType: 'enum BountyEscrow.Status', name: 'status', type: 'uint8' },
          { internalType: 'address', name: 'assignee', type: 'address' },
          { internalType: 'uint256', name: 'amount', type: 'uint256' },
        ],
        internalType: 'struct BountyEscrow.Issue',
        name: '',
        type: 'tuple',
      },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'issueCount',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { internalType: 'address', name: 'user', type: 'address' },
      { internalType: 'uint256', name: 'offset', type: 'uint256' },
      { internalType: 'uint256', name: 'limit', type: 'uint256' },
    ],
    name: 'issuesOf',
    outputs: [
      { internalType: 'uint256[]', name: 'ids', type: 'uint256[]' },
      { internalType: 'uint256', name: 'total', type: 'uint256' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'operator',
    outputs: [{ internalType: 'address', name: '', type: 'address' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'refund',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint256', name: 'id', type: 'uint256' }],
    name: 'release',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'totalHeld',
    outputs: [{ internalType: 'uint256', name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

export const bountyEscrowBytecode =
  '0x60a06040526001600555348015610014575f5ffd5b50604051610fab380380610fab8339810160408190526100339161006b565b6001600160a01b03811661005a576040516389961e9160e01b815260040160405180910390fd5b6001600160a01b0316608052610098565b5f6020828403121561007b575f5ffd5b81516001600160a01b0381168114610091575f5ffd5b9392505050565b608051610ee76100c45f395f818160bf01528181610170015281816109f20152610b980152610ee75ff3fe6080604052600436106100a5575f3560e01c806398cf147a1161006257806398cf147a146101d6578063c1f1cd33146101f8578063d5210ec014610225578063e07d3b5a14610238578063f43cc77314610257578063ffa1ad741461026c575f5ffd5b806315c43aaf146100a9578063278ecde11461010c57806337bdc99b1461012d57806338e438951461014c578063570ca7351461015f578063976b3113146101aa575b5f5ffd5b3480156100b4575f5ffd5b505f546001805490917f000000000000000000000000000000000000000000000000000000000000000091604080519485526001600160a01b0390931660208501529183015260608201526080015b60405180910390f35b348015610117575f5ffd5b5061012b610126366004610cb3565b610280565b005b348015610138575f5ffd5b5061012b610147366004610cb3565b610355565b61012b61015a366004610cb3565b61045f565b34801561016a575f5ffd5b506101927f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610103565b3480156101b5575f5ffd5b506101c96101c4366004610cb3565b610564565b6040516101039190610cde565b3480156101e1575f5ffd5b506101ea5f5481565b604051908152602001610103565b348015610203575f5ffd5b50610217610212366004610d69565b610622565b604051610103929190610d99565b61012b610233366004610de5565b61072e565b348015610243575f5ffd5b5061012b610252366004610e1f565b610948565b348015610262575f5ffd5b506101ea60015481565b348015610277575f5ffd5b506101ea600181565b6001600554146102a3576040516306fda65d60e31b815260040160405180910390fd5b60026005555f6102b282610acd565b90506102be8282610b8d565b80546002820154600160e21b60ff60e01b198316178355600180546001600160a01b03909316928291905f906102f5908490610e5d565b9091555050604080518281523360208201526001600160a01b0384169186917fccc25a87ac303adaa0ada54e6fe699a381628aae899cc1c7a4eccaabd3125d8891015b60405180910390a361034a8282610bfb565b505060016005555050565b600160055414610378576040516306fda65d60e31b815260040160405180910390fd5b60026005555f61038782610acd565b90506103938282610b8d565b60028154600160e01b900460ff1660048111156103b2576103b2610cca565b146103d857604051637ea92dc160e01b8152600481018390526024015b60405180910390fd5b6001810154600282015482546001600160a01b0390921691600390849060ff60e01b1916600160e01b8302179055508060015f8282546104189190610e5d565b9091555050604080518281523360208201526001600160a01b0384169186917fa9cc294222d9db15c1e760e2fdb2759a609b5a11b6643810bc42883c0f222eba9101610338565b600160055414610482576040516306fda65d60e31b815260040160405180910390fd5b60026005555f61049182610acd565b80549091506001600160a01b031633146104c757604051638469273b60e01b8152600481018390523360248201526044016103cf565b345f036104e757604051631f2a200560e01b815260040160405180910390fd5b34816002015f8282546104fa9190610e76565b925050819055503460015f8282546105129190610e76565b90915550506002810154604080513481526020810192909252339184917f0dff1c4d4f392cc784b697bbd1d5d17a0ab7edfc5ead2a34a2b2c148acf6194b91015b60405180910390a350506001600555565b6040805160a080820183525f8083526020808401829052838501829052606084018290526080840182905285825260028152908490208451928301855280546001600160a01b0381168452600160a01b810467ffffffffffffffff16928401929092529293919291830190600160e01b900460ff1660048111156105ea576105ea610cca565b60048111156105fb576105fb610cca565b815260018201546001600160a01b0316602082015260029091015460409091015292915050565b6001600160a01b0383165f908152600360205260409020805460609181851061065b5750604080515f8152602081019091529150610726565b5f846106678785610e5d565b1061067b576106768587610e76565b61067d565b825b90506106898682610e5d565b67ffffffffffffffff8111156106a1576106a1610e89565b6040519080825280602002602001820160405280156106ca578160200160208202803683370190505b509350855b81811015610722578281815481106106e9576106e9610e9d565b905f5260205f2001548588836106ff9190610e5d565b8151811061070f5761070f610e9d565b60209081029190910101526001016106cf565b5050505b935093915050565b600160055414610751576040516306fda65d60e31b815260040160405180910390fd5b6002600555345f0361077657604051631f2a200560e01b815260040160405180910390fd5b5f5f83815260026020526040902054600160e01b900460ff1660048111156107a0576107a0610cca565b146107c1576040516312f889f360e21b8152600481018390526024016103cf565b428167ffffffffffffffff16116107f757604051633d3e5c3b60e21b815267ffffffffffffffff821660048201526024016103cf565b6040805160a08101825233815267ffffffffffffffff83166020820152908101600181525f6020808301829052346040938401528582526002815290829020835181549285015167ffffffffffffffff16600160a01b026001600160e01b03199093166001600160a01b03919091161791909117808255918301519091829060ff60e01b1916600160e01b83600481111561089457610894610cca565b02179055506060820151600182810180546001600160a01b0319166001600160a01b03909316929092179091556080909201516002909101555f805481906108dd908490610e76565b925050819055503460015f8282546108f59190610e76565b9091555061090590503383610c3b565b6040805134815267ffffffffffffffff83166020820152339184917f5bfbcbf6c9d84daad05acbd59d8a3413bd5d4025c39b9c0eebc51b1f0335ad809101610553565b60016005541461096b576040516306fda65d60e31b815260040160405180910390fd5b60026005555f61097a83610acd565b90506109868382610b8d565b6001600160a01b0382166109b05760405163b04a44ef60e01b8152600481018490526024016103cf565b80546001600160a01b03908116908316036109f05760405163f531f66960e01b8152600481018490526001600160a01b03831660248201526044016103cf565b7f00000000000000000000000000000000000000000000000000000000000000006001600160a01b0316826001600160a01b031603610a5457604051633a1bdfbb60e21b8152600481018490526001600160a01b03831660248201526044016103cf565b6001810180546001600160a01b0319166001600160a01b038416179055805460ff60e01b1916600160e11b178155610a8c8284610c3b565b60405133906001600160a01b0384169085907fd49c36cc7da63ae5b954a4580097678b5331b42f1df7e13ce39a6a73e0e5f43d905f90a45050600160055550565b5f81815260026020526040812080549091600160e01b90910460ff1690816004811115610afc57610afc610cca565b03610b1d5760405163cd8d182160e01b8152600481018490526024016103cf565b6003816004811115610b3157610b31610cca565b03610b52576040516350514a3b60e01b8152600481018490526024016103cf565b6004816004811115610b6657610b66610cca565b03610b87576040516381fd8f2760e01b8152600481018490526024016103cf565b50919050565b336001600160a01b037f00000000000000000000000000000000000000000000000000000000000000001614801590610bd0575080546001600160a01b03163314155b15610bf75760405163b93c14af60e01b8152600481018390523360248201526044016103cf565b5050565b5f5f5f5f5f85875af1905080610c3657604051630e21dcbb60e11b81526001600160a01b0384166004820152602481018390526044016103cf565b505050565b6001600160a01b0382165f90815260046020908152604080832084845290915290205460ff1615610c6a575050565b6001600160a01b039091165f8181526004602090815260408083208584528252808320805460ff1916600190811790915593835260038252822080549384018155825290200155565b5f60208284031215610cc3575f5ffd5b5035919050565b634e487b7160e01b5f52602160045260245ffd5b81516001600160a01b0316815260208083015167ffffffffffffffff1690820152604082015160a082019060058110610d2557634e487b7160e01b5f52602160045260245ffd5b60408301526060838101516001600160a01b031690830152608092830151929091019190915290565b80356001600160a01b0381168114610d64575f5ffd5b919050565b5f5f5f60608486031215610d7b575f5ffd5b610d8484610d4e565b95602085013595506040909401359392505050565b604080825283519082018190525f9060208501906060840190835b81811015610dd2578351835260209384019390920191600101610db4565b5050602093909301939093525092915050565b5f5f60408385031215610df6575f5ffd5b82359150602083013567ffffffffffffffff81168114610e14575f5ffd5b809150509250929050565b5f5f60408385031215610e30575f5ffd5b82359150610e4060208401610d4e565b90509250929050565b634e487b7160e01b5f52601160045260245ffd5b81810381811115610e7057610e70610e49565b92915050565b80820180821115610e7057610e70610e49565b634e487b7160e01b5f52604160045260245ffd5b634e487b7160e01b5f52603260045260245ffdfea2646970667358221220a9469435f590ae0acb319ca53c3b807d28b9b85b968ea39e06ff1dcc8cd8898064736f6c63430008250033' as const;
